// The skill:// directory tree: every folder above a served file, each child listed once, in work
// that grows with the files (counted: one step per file and per folder), not with files × files.
import { describe, expect, it } from "vitest";
import { DIRECTORY, DirectoryTree } from "../../../src/mcp/catalog.js";

describe("DirectoryTree", () => {
  it("lists each folder's direct children once, folders as inode/directory, in URI order", () => {
    const tree = new DirectoryTree();
    for (const uri of ["skill://a/SKILL.md", "skill://a/references/z.md", "skill://a/references/b.md", "skill://a/references/b.md", "skill://g/x/SKILL.md"]) tree.add(uri, "text/markdown");
    expect(Object.fromEntries(tree.sorted())).toEqual({
      "skill://a": [
        { uri: "skill://a/SKILL.md", name: "SKILL.md", mimeType: "text/markdown" },
        { uri: "skill://a/references", name: "references", mimeType: DIRECTORY },
      ],
      "skill://a/references": [
        { uri: "skill://a/references/b.md", name: "b.md", mimeType: "text/markdown" },
        { uri: "skill://a/references/z.md", name: "z.md", mimeType: "text/markdown" },
      ],
      "skill://g": [{ uri: "skill://g/x", name: "x", mimeType: DIRECTORY }],
      "skill://g/x": [{ uri: "skill://g/x/SKILL.md", name: "SKILL.md", mimeType: "text/markdown" }],
    });
  });

  it("does work in proportion to the files: 5 skills of 10,000 files in one folder", () => {
    const tree = new DirectoryTree();
    let files = 0;
    for (let s = 0; s < 5; s++) for (let f = 0; f < 10_000; f++, files++) tree.add(`skill://s${s}/references/f${f}.md`, "text/markdown");
    // One step per file, one more for each new folder (5 reference folders) and its way up (its skill).
    expect(tree.steps).toBeLessThanOrEqual(files + 2 * 5 * 2);
    expect([...tree.dirs.values()].reduce((n, l) => n + l.length, 0)).toBe(files + 5);
  });
});
