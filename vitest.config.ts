import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "examples/**/*.test.ts"],
    // The suites over ../shared/corpus run with `npm run test:conformance` (vitest.conformance.config.ts).
    exclude: ["test/conformance/**", "**/node_modules/**"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Several suites spawn real processes (the CLI, workerd): keep parallelism to the 2 cores.
    maxWorkers: 2,
    // Builds dist/ once when it is missing or older than the sources (CLI and bundle tests use it).
    globalSetup: ["test/global-setup.ts"],
  },
});
