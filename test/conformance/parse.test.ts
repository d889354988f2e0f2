// The frontmatter locator against remark-frontmatter on every real SKILL.md of ../shared/corpus.
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { locatorOf, remarkFrontmatterOf } from "../helpers/frontmatter-oracle.js";
import { corpusSkills } from "./corpus.js";

it("the frontmatter locator agrees with remark-frontmatter on every corpus SKILL.md", () => {
  const files = corpusSkills();
  expect(files.length).toBe(162);
  for (const file of files) {
    const original = readFileSync(file, "utf8");
    expect(locatorOf(original), file).toEqual(remarkFrontmatterOf(original));
  }
});
