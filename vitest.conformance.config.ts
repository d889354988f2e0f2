// `npm run test:conformance`: the suites that need ../shared/corpus (real skills written by others),
// which a clone does not carry. CI runs it after `npm test`, where ../shared sits beside the clone.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/conformance/**/*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 240_000,
    maxWorkers: 2,
    globalSetup: ["test/global-setup.ts"],
  },
});
