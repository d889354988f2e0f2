// The check of a split outDir's chunks on its own thread (src/project/chunk-check.ts, run by
// dist/chunk-writer.js in its check mode, as the CLI runs it): it answers on its port, raises the
// shared flag, and then ends by itself, whether or not the build ever takes the answer (a build that
// fails before its first question, in watch mode or a plugin session, must not leave a thread behind).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { MessageChannel, Worker, receiveMessageOnPort } from "node:worker_threads";
import { afterEach, beforeEach, expect, it } from "vitest";
import type { CheckAnswer, CheckJob } from "../../../src/project/chunk-check.js";

const SCRIPT = fileURLToPath(new URL("../../../dist/chunk-writer.js", import.meta.url));

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "skillc-check-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it("answers, raises its flag and exits on its own, with nobody taking the answer", async () => {
  const bytes = "export default 1;\n";
  const name = `${createHash("sha256").update(bytes).digest("hex")}.js`;
  mkdirSync(path.join(dir, "out", "chunks"), { recursive: true });
  writeFileSync(path.join(dir, "out", "chunks", name), bytes);
  // A name its bytes do not hash to: not kept.
  writeFileSync(path.join(dir, "out", "chunks", `${"a".repeat(64)}.js`), bytes);
  const done = new SharedArrayBuffer(4);
  const { port1, port2 } = new MessageChannel();
  // No record file and no key (the first build after an upgrade): each chunk listed is read and kept if its bytes hash to its name.
  const job: CheckJob = { check: { outDir: path.join(dir, "out"), file: path.join(dir, "none.txt"), port: port2, done } };
  const worker = new Worker(SCRIPT, { workerData: job, transferList: [port2] });
  const code = await new Promise<number>((resolve, reject) => {
    worker.on("exit", resolve);
    worker.on("error", reject);
  });
  expect(code).toBe(0);
  expect(Atomics.load(new Int32Array(done), 0)).toBe(1);
  const answer = receiveMessageOnPort(port1)?.message as CheckAnswer;
  port1.close();
  expect(answer.error).toBeUndefined();
  expect(answer.recorded).toBe(-1);
  expect(answer.names).toBe(name);
});
