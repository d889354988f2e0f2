// CPU time of a process's main thread and of all its other threads, printed to stderr at exit:
//
//   SKILLC_WORKERS=0 node --import ./bench/thread-cpu.mjs dist/cli.js lint --format json
//
// Linux only (/proc). "main" is this thread; "other" is everything else the process spent, live
// threads and finished ones alike (worker threads, V8's compiler and GC helpers, libuv's pool). On
// an idle machine the run's wall time is at least the main thread's CPU: how the analysis pool was
// judged (issue 15) on a shared machine whose wall times said little.
import { readFileSync } from "node:fs";

const TICK_MS = 10; // USER_HZ is 100 on Linux
const cpuMs = (statFile) => {
  const s = readFileSync(statFile, "utf8");
  const f = s.slice(s.lastIndexOf(")") + 2).split(" ");
  return (Number(f[11]) + Number(f[12])) * TICK_MS;
};
process.on("exit", () => {
  try {
    const main = cpuMs(`/proc/self/task/${process.pid}/stat`);
    const total = cpuMs("/proc/self/stat");
    process.stderr.write(`thread-cpu: main ${main} ms, other ${total - main} ms, total ${total} ms\n`);
  } catch {
    // not Linux
  }
});
