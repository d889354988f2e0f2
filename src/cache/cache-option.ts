// The `--cache` / `--no-cache` flags and CI as the API's `cache` option. Apart from analysis-cache.ts, which
// re-exports them: the CLI's argument parsing (commands/args.ts, in dist/cli.js) then loads neither the
// caches nor the rule registry they check records against.

/** The API's `cache` option from the CLI's flags: `--no-cache` wins, then `--cache`, then CI (off), else the default. */
export function cacheOption(flags: { cache?: boolean; noCache?: boolean }, env: NodeJS.ProcessEnv): boolean | undefined {
  if (flags.noCache) return false;
  if (flags.cache) return true;
  return isCI(env) ? false : undefined;
}

/** `CI` set to anything but "", "false" or "0" (GitHub Actions, GitLab, CircleCI… set CI=true). */
export function isCI(env: NodeJS.ProcessEnv): boolean {
  const v = env.CI?.trim().toLowerCase();
  return v !== undefined && v !== "" && v !== "false" && v !== "0";
}
