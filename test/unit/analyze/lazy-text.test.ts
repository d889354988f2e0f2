// A skill restored from its snapshot (a worker's reply, the analysis cache) decodes its SKILL.md
// again only when its text or body is read: a lint never reads them, and decoding every skill a second
// time in the main thread was a tenth of a cold lint's CPU. The text, once read, is what it was.
import v8 from "node:v8";
import { describe, expect, it } from "vitest";
import type { SkillSource } from "../../../src/types.js";
import { analyzeText, restoreText, snapshotOf } from "../../../src/pipeline/analyze-text.js";
import { resolveSkills } from "../../../src/pipeline/resolve.js";
import { extend } from "../../../src/util/extend.js";

const source = (name: string): SkillSource => ({
  root: { dir: "skills", scope: "skills", precedence: 0 },
  dir: `skills/${name}`,
  relDir: name,
  file: `skills/${name}/SKILL.md`,
  fileName: "SKILL.md",
  absDir: `/nowhere/skills/${name}`,
});
const opts = { profile: "skillc" as const, settings: {} };
const isAccessor = (o: object, key: string) => typeof Object.getOwnPropertyDescriptor(o, key)?.get === "function";

describe("a restored skill's text", () => {
  const text = "\ufeff---\r\nname: pdf-tools\r\ndescription: Reads PDFs. Use when a PDF is given.\r\n---\r\n\r\n# PDF tools\r\n\r\nRun it.\r\n";
  const bytes = new TextEncoder().encode(text);
  const fresh = analyzeText(source("pdf-tools"), bytes, new Set(), opts);

  it("is not decoded by restoring it, naming it or resolving it", () => {
    const restored = restoreText(source("pdf-tools"), bytes, snapshotOf(fresh), fresh.parsed.hash);
    expect(isAccessor(restored.parsed, "text") && isAccessor(restored.skill!, "text") && isAccessor(restored.skill!, "body")).toBe(true);
    const resolved = resolveSkills([restored.skill!], { collisions: "error", namespaces: false, ...opts });
    expect(resolved.skills).toHaveLength(1);
    expect(isAccessor(resolved.skills[0]!, "text")).toBe(true);
  });

  it("reads as the fresh analysis's text and body", () => {
    const restored = restoreText(source("pdf-tools"), bytes, snapshotOf(fresh), fresh.parsed.hash);
    expect(restored.skill!.body).toBe(fresh.parsed.body);
    expect(restored.parsed.text).toBe(fresh.parsed.text);
    expect({ ...restored.skill! }).toEqual({ ...fresh.skill! });
  });

  it("leaves the restored parse and skill as a fresh analysis's: same keys in the same order, in V8's fast mode", () => {
    const restored = restoreText(source("pdf-tools"), bytes, snapshotOf(fresh), fresh.parsed.hash, { frontmatter: "{}", positions: "{}" });
    expect(Object.keys(restored.parsed)).toEqual(Object.keys(fresh.parsed));
    expect(Object.keys(restored.skill!)).toEqual(Object.keys(fresh.skill!));
    expect(["text", "body", "frontmatter", "positions"].every((k) => isAccessor(restored.parsed, k) && isAccessor(restored.skill!, k))).toBe(true);
    // A data member redefined as an accessor made each of them a dictionary (~1 KB more each, slower to read and copy).
    v8.setFlagsFromString("--allow-natives-syntax");
    const fast = new Function("o", "return %HasFastProperties(o)") as (o: object) => boolean;
    expect([fast(restored.parsed), fast(restored.skill!), fast(restoreText(source("pdf-tools"), bytes, snapshotOf(fresh), fresh.parsed.hash).skill!)]).toEqual([true, true, true]);
  });

  it("is the skill extend would make of the restored parse: same keys in order, one lazy text for both", () => {
    const restored = restoreText(source("pdf-tools"), bytes, snapshotOf(fresh), fresh.parsed.hash);
    const other = restoreText(source("pdf-tools"), bytes, snapshotOf(fresh), fresh.parsed.hash);
    const viaExtend = extend(other.parsed, { frontmatter: other.parsed.frontmatter!, fields: other.skill!.fields });
    expect(Object.keys(restored.skill!)).toEqual(Object.keys(viaExtend));
    for (const key of Object.keys(viaExtend)) expect(isAccessor(restored.skill!, key)).toBe(isAccessor(viaExtend, key));
    expect({ ...restored.skill! }).toEqual({ ...viaExtend });
    restored.skill!.text = "set on the skill";
    expect(restored.parsed.text).toBe("set on the skill");
    expect(isAccessor(extend(restored.skill!, { extra: 1 }), "text")).toBe(true);
  });
});
