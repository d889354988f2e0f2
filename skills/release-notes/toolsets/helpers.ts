// Pure helpers for the release-notes toolset: semantic versions and conventional commit subjects.
// No I/O and no imports: the toolset is bundled into the skill bundle, which must run anywhere.

export interface SemVer {
  major: number;
  minor: number;
  patch: number;
  /** Dot-separated pre-release identifiers ("rc", "1"), empty for a release. */
  pre: string[];
}

export type Bump = "major" | "minor" | "patch" | "prerelease";

const SEMVER = /^v?(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z-.]+)?$/;

export function parseSemver(text: string): SemVer {
  const m = SEMVER.exec(text.trim());
  if (!m) throw new Error(`"${text}" is not a semantic version (MAJOR.MINOR.PATCH, e.g. 1.4.2 or v2.0.0-rc.1)`);
  return { major: Number(m[1]), minor: Number(m[2]), patch: Number(m[3]), pre: m[4] ? m[4].split(".") : [] };
}

export function formatSemver(v: SemVer): string {
  return `${v.major}.${v.minor}.${v.patch}${v.pre.length ? "-" + v.pre.join(".") : ""}`;
}

/** The next version. A pre-release bumps to its own release first (1.0.0-rc.2 + major → 1.0.0 when minor and patch are 0). */
export function bump(v: SemVer, kind: Bump, preid = "rc"): SemVer {
  const pre = v.pre.length > 0;
  switch (kind) {
    case "major":
      return pre && v.minor === 0 && v.patch === 0 ? { ...v, pre: [] } : { major: v.major + 1, minor: 0, patch: 0, pre: [] };
    case "minor":
      return pre && v.patch === 0 ? { ...v, pre: [] } : { major: v.major, minor: v.minor + 1, patch: 0, pre: [] };
    case "patch":
      return pre ? { ...v, pre: [] } : { ...v, patch: v.patch + 1, pre: [] };
    case "prerelease": {
      if (!pre) return { major: v.major, minor: v.minor, patch: v.patch + 1, pre: [preid, "0"] };
      const last = v.pre[v.pre.length - 1]!;
      return /^\d+$/.test(last) ? { ...v, pre: [...v.pre.slice(0, -1), String(Number(last) + 1)] } : { ...v, pre: [...v.pre, "0"] };
    }
  }
}

export type Group = "Breaking changes" | "Features" | "Fixes" | "Internal" | "Other";

const CONVENTIONAL = /^(\w+)(?:\(([^)]*)\))?(!)?:\s*(.+)$/;

/** The release-notes group of a commit subject written as a conventional commit (`feat(api)!: …`). */
export function groupOf(subject: string): { group: Group; text: string } {
  const m = CONVENTIONAL.exec(subject.trim());
  if (!m) return { group: "Other", text: subject.trim() };
  const [, type, scope, bang, rest] = m;
  const text = scope ? `${scope}: ${rest}` : rest!;
  if (bang || /BREAKING[ -]CHANGE/.test(subject)) return { group: "Breaking changes", text };
  const t = type!.toLowerCase();
  if (t === "feat") return { group: "Features", text };
  if (t === "fix" || t === "perf") return { group: "Fixes", text };
  if (["chore", "ci", "build", "test", "refactor", "style", "docs"].includes(t)) return { group: "Internal", text };
  return { group: "Other", text };
}

/** The bump a set of commit subjects calls for: major for a breaking change, minor for a feature, else patch. */
export function bumpFor(groups: Group[]): Exclude<Bump, "prerelease"> {
  return groups.includes("Breaking changes") ? "major" : groups.includes("Features") ? "minor" : "patch";
}
