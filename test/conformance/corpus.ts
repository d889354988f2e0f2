// The conformance corpus: 162 real skills written by others, in ../shared/corpus beside the clone.
// Only `npm run test:conformance` reads it; `npm test` must pass with nothing beside the clone.
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

export const REPO = path.resolve(import.meta.dirname, "../..");
export const CORPUS = path.resolve(REPO, "../shared/corpus");

if (!existsSync(CORPUS)) {
  throw new Error(`The conformance suite needs the shared corpus at ${CORPUS} (it is not part of the clone). Run \`npm test\` for the self-contained suite.`);
}

/** Every SKILL.md under the corpus, sorted. */
export function corpusSkills(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir).sort()) {
      const p = path.join(dir, entry);
      if (statSync(p).isDirectory()) walk(p);
      else if (entry === "SKILL.md") out.push(p);
    }
  };
  walk(CORPUS);
  return out;
}
