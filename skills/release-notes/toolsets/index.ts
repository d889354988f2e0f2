// Tools the release-notes skill adds (`toolsets: ["toolsets/index:ReleaseTools"]`): deterministic
// helpers for choosing the next version and sorting commits into the notes' groups.
import { bump, bumpFor, formatSemver, groupOf, parseSemver, type Bump, type Group } from "./helpers";

export const ReleaseTools = [
  {
    name: "semver-bump",
    description:
      "Computes the next semantic version. Give the current version and either the bump kind (major, minor, patch, prerelease) or the commit subjects since the last release, from which the kind is chosen (breaking → major, feat → minor, else patch).",
    parameters: {
      type: "object",
      properties: {
        version: { type: "string", description: "Current version, e.g. 1.4.2 or v2.0.0-rc.1" },
        bump: { type: "string", enum: ["major", "minor", "patch", "prerelease"], description: "Kind of bump" },
        subjects: { type: "array", items: { type: "string" }, description: "Commit subjects, when no bump kind is given" },
        preid: { type: "string", description: 'Pre-release identifier for "prerelease" (default "rc")' },
      },
      required: ["version"],
      additionalProperties: false,
    },
    execute(input: { version: string; bump?: Bump; subjects?: string[]; preid?: string }) {
      const current = parseSemver(String(input.version ?? ""));
      const kind: Bump = input.bump ?? bumpFor((input.subjects ?? []).map((s) => groupOf(s).group));
      if (!["major", "minor", "patch", "prerelease"].includes(kind)) throw new Error(`unknown bump "${kind}": use major, minor, patch or prerelease`);
      const next = formatSemver(bump(current, kind, input.preid));
      return { version: next, bump: kind, previous: formatSemver(current) };
    },
  },
  {
    name: "group-commits",
    description:
      "Sorts conventional-commit subjects (feat:, fix:, chore:, feat!: …) into the release-notes groups: Breaking changes, Features, Fixes, Internal, Other. Returns each group's lines, scope kept as a prefix.",
    parameters: {
      type: "object",
      properties: { subjects: { type: "array", items: { type: "string" }, description: "One commit subject per item" } },
      required: ["subjects"],
      additionalProperties: false,
    },
    execute(input: { subjects: string[] }) {
      if (!Array.isArray(input.subjects)) throw new Error("subjects must be an array of strings");
      const groups: Partial<Record<Group, string[]>> = {};
      for (const s of input.subjects) {
        const { group, text } = groupOf(String(s));
        (groups[group] ??= []).push(text);
      }
      return { groups, suggestedBump: bumpFor(Object.keys(groups) as Group[]) };
    },
  },
];
