// Determinism on real skills by others (../shared/corpus/obra-superpowers: 14 skills with supporting files).
import path from "node:path";
import { afterAll, it } from "vitest";
import { Recorder, cleanupTmp } from "../hostile/helpers.js";
import { expectDeterministic, readTree } from "../hostile/determinism.js";
import { CORPUS } from "./corpus.js";

const rec = new Recorder("determinism-corpus");
afterAll(() => {
  rec.write();
  cleanupTmp();
});

it("two copies of the obra-superpowers corpus, written in opposite orders at different paths, build byte-identical outputs", async () => {
  await expectDeterministic(readTree(path.join(CORPUS, "obra-superpowers")), rec);
}, 120_000);
