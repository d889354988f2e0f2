// `npm test`'s pretest: the runtime tests drive a real headless Chromium (Debian's `chromium`,
// test/helpers/runtimes.ts). When it is missing on a Debian-like machine where we are root (CI, a
// fresh container), it is installed here so that the README's `npm test` passes there as written;
// anywhere else this only says how to install it, and the Chromium tests then fail (never skip)
// with the same words. SKILLC_CHROMIUM names another Chromium executable.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

const exe = process.env.SKILLC_CHROMIUM ?? "/usr/bin/chromium";
const how = "install Debian's chromium (`apt-get install -y chromium`, as root), or set SKILLC_CHROMIUM to a Chromium executable";

if (!existsSync(exe)) {
  const root = typeof process.getuid === "function" && process.getuid() === 0;
  if (process.platform === "linux" && root && existsSync("/usr/bin/apt-get") && process.env.SKILLC_CHROMIUM === undefined) {
    console.log(`pretest: ${exe} is missing; installing Debian's chromium with apt-get (the runtime tests drive it)`);
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: "inherit", env });
  } else {
    console.warn(`pretest: ${exe} is missing, so the Chromium runtime tests will fail: ${how}`);
  }
}
