// search / search_skills (issue 12 item 7): word forms through a small English stemmer, BM25 ranking
// over the name (weighted) and the description. Real queries against the project's own skills/;
// the larger quality test over ../shared/corpus is test/conformance/search-corpus.test.ts.
import { readFileSync, readdirSync } from "node:fs";
import fc from "fast-check";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { createSkills } from "../../../src/runtime/index.js";
import { stem } from "../../../src/runtime/search.js";
import { bundle, type SkillSpec } from "./helpers.js";

/** The project's own skills as the runtime would see them (name, description, brief). */
function ownSkills(): SkillSpec[] {
  return readdirSync("skills").map((d) => {
    const fm = parse(readFileSync(`skills/${d}/SKILL.md`, "utf8").split(/^---$/m)[1]!) as Record<string, string>;
    return { name: fm.name!, description: fm.description!, brief: fm.brief_description ?? "" };
  });
}

describe("stem", () => {
  it("gives word forms one stem", () => {
    const same = [
      ["refund", "refunds", "refunded", "refunding"], ["pdf", "pdfs"], ["file", "files"], ["commit", "commits", "committing"],
      ["review", "reviews", "reviewing", "reviewed", "reviewer"], ["test", "tests", "testing", "tested"], ["query", "queries"],
      ["release", "releases"], ["process", "processes"], ["create", "creates", "creating", "creation"], ["add", "adding", "added"],
      ["document", "documents", "documentation"], ["deploy", "deployment", "deployments"], ["change", "changes", "changed"],
    ];
    for (const forms of same) expect(new Set(forms.map(stem)), forms.join()).toHaveProperty("size", 1);
  });
  it("leaves short words and -ss/-us endings alone", () => {
    for (const w of ["pdf", "git", "use", "css", "status", "class", "bus"]) expect(stem(w)).toBe(w);
  });
});

describe("search over the project's skills/", () => {
  const skills = createSkills(bundle(ownSkills()).data);
  const top = (q: string) => skills.search(q, { limit: 3 }).map((h) => h.skill.name);
  it.each([
    ["write a changelog entry", "changelog-entry"], ["changelogs", "changelog-entry"], ["committing changes", "commit-message"],
    ["conventional commit", "commit-message"], ["reviewing pull requests", "review-diff"], ["security problems", "review-diff"],
    ["crashed regressions", "triage-bug"], ["prioritizing bugs", "triage-bug"], ["reproduce an issue", "triage-bug"],
    ["tagging versions", "release-notes"], ["breaking changes in a release", "release-notes"], ["creating skills", "author-skill"],
    ["skillc lint errors", "author-skill"],
  ])("%s → %s first", (q, want) => {
    expect(top(q)[0]).toBe(want);
  });
});

describe("BM25 ranking", () => {
  const specs: SkillSpec[] = [
    { name: "refunds", description: "Issue refunds to customers and track refunded orders." },
    { name: "billing", description: "Create invoices for customers; a refund is out of scope." },
    { name: "orders", description: "Look up customers' orders, customers' addresses and customers' history." },
    { name: "pdf", description: "Extract text from PDF files." },
    { name: "long", description: "Customers. " + "Filler words about many unrelated things. ".repeat(30) + "Refund." },
  ];
  const skills = createSkills(bundle(specs).data);
  const names = (q: string) => skills.search(q).map((h) => h.skill.name);
  it('"refund" finds "refunds", and "pdfs" finds "pdf"', () => {
    expect(names("refund")[0]).toBe("refunds");
    expect(names("refunding")).toContain("billing");
    expect(names("pdfs")).toEqual(["pdf"]);
  });
  it("a rare word outweighs a common one; the name outweighs the description; long text weighs less", () => {
    expect(names("customers refund")[0]).toBe("refunds");
    expect(names("refund").indexOf("billing")).toBeLessThan(names("refund").indexOf("long"));
  });
  it("word scores are in (0, 1) and say which words matched", () => {
    for (const h of skills.search("refunded customers")) {
      expect(h.score).toBeGreaterThan(0);
      expect(h.score).toBeLessThan(1);
      expect(h.reason).toMatch(/^words: /);
    }
  });
  it("counts word forms of one stem once", () => {
    const [h] = skills.search("refunding refunds refunded");
    expect(h).toMatchObject({ reason: "words: refunding" });
    expect(h!.score).toBe(skills.search("refunding")[0]!.score);
  });
  it("search_skills finds word forms too", () => {
    const r = skills.call("search_skills", { query: "refund" });
    expect(r.content[0]!.text).toMatch(/^- refunds /);
  });
});

describe("top-k ranking", () => {
  // 60 skills over a 12-word vocabulary: many equal scores, so ties at the cut are exercised.
  const V = "pdf refund invoice report chart table merge split review commit test deploy".split(" ");
  const specs: SkillSpec[] = Array.from({ length: 60 }, (_, i) => ({
    name: `s-${V[i % 12]}-${i}`,
    description: [V[(i * 7) % 12], V[(i * 5) % 12], V[(i * 3) % 12], V[i % 5]].join(" ") + ".",
  }));
  const skills = createSkills(bundle(specs).data);
  it("a smaller limit gives the first results of a larger one", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...V, "s", "s-pdf", "nothing"), { minLength: 1, maxLength: 4 }), fc.integer({ min: 1, max: 20 }), (ws, k) => {
        const q = ws.join(" ");
        const all = skills.search(q, { limit: 50 }).map((h) => [h.skill.name, h.score, h.reason]);
        expect(skills.search(q, { limit: k }).map((h) => [h.skill.name, h.score, h.reason])).toEqual(all.slice(0, k));
      }),
      { numRuns: 300 },
    );
  });
});
