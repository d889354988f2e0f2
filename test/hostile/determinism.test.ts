// Determinism on the project's own skills: copies at two paths build byte-identical outputs.
// (The same check over real skills by others is test/conformance/determinism.test.ts.)
import path from "node:path";
import { afterAll, it } from "vitest";
import { Recorder, REPO, cleanupTmp } from "./helpers.js";
import { expectDeterministic, readTree } from "./determinism.js";

const rec = new Recorder("determinism");
afterAll(() => {
  rec.write();
  cleanupTmp();
});

it("two copies of a tree, written in opposite orders at different paths, build byte-identical outputs", async () => {
  await expectDeterministic(readTree(path.join(REPO, "skills")), rec);
}, 60_000);

it("the same in the split layout: index.js and every content-addressed chunk", async () => {
  await expectDeterministic(readTree(path.join(REPO, "skills")), rec, { output: "split" });
}, 60_000);
