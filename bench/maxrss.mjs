// Loaded with `node --import` when /usr/bin/time is missing: writes this process's peak resident set
// size (KB) and CPU seconds to $SKILLC_BENCH_RSS_FILE at exit, in /usr/bin/time's "%M %U %S" shape.
import { writeFileSync } from "node:fs";

const file = process.env.SKILLC_BENCH_RSS_FILE;
if (file) {
  process.on("exit", () => {
    const u = process.resourceUsage();
    writeFileSync(file, `${u.maxRSS} ${(u.userCPUTime / 1e6).toFixed(2)} ${(u.systemCPUTime / 1e6).toFixed(2)}\n`);
  });
}
