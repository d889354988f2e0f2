// Builds BundleData from plain objects, as the emitter would, with payload thunks that count calls.
import type { BundleData, BundleOptions, BundleSkill, SkillPayload, TemplatePart } from "../../../src/runtime/data.js";

/** A body compiled the way the pipeline does for the simple placeholders these tests use. */
export function tpl(body: string, names: string[] = []): TemplatePart[] {
  const out: TemplatePart[] = [];
  const re = new RegExp(`\\$\\{CLAUDE_SKILL_DIR\\}|\\$ARGUMENTS\\[(\\d+)\\]|\\$ARGUMENTS|\\$(\\d+)(?!\\w)${names.map((n) => `|\\$(${n})(?!\\w)`).join("")}`, "g");
  let last = 0;
  for (const m of body.matchAll(re)) {
    if (m.index! > last) out.push(body.slice(last, m.index));
    const t = m[0];
    if (t === "${CLAUDE_SKILL_DIR}") out.push([3, 0, t]);
    else if (t === "$ARGUMENTS") out.push([0, 0, t]);
    else if (m[1] ?? m[2]) out.push([1, Number(m[1] ?? m[2]), t]);
    else out.push([2, names.indexOf(t.slice(1)), t]);
    last = m.index! + t.length;
  }
  if (last < body.length) out.push(body.slice(last));
  return out;
}

export interface SkillSpec {
  name: string;
  description?: string;
  body?: string;
  /** Default: `skills/<name>`. */
  dir?: string;
  scope?: string;
  rank?: number;
  brief?: string;
  hidden?: boolean;
  userInvocable?: boolean;
  context?: "fork";
  agent?: string;
  argumentHint?: string;
  args?: string[];
  triggers?: BundleSkill["triggers"];
  hash?: string;
  /** Text files as strings, binary as Uint8Array. */
  files?: Record<string, string | Uint8Array>;
}

export interface TestBundle {
  data: BundleData;
  /** payload() calls per SKILL.md path. */
  calls: Record<string, number>;
  total(): number;
}

export function bundle(specs: SkillSpec[], options: Partial<BundleOptions> = {}): TestBundle {
  const calls: Record<string, number> = {};
  const skills = specs.map((sp): BundleSkill => {
    const dir = sp.dir ?? `skills/${sp.name}`;
    const path = `${dir}/SKILL.md`;
    const files = Object.entries(sp.files ?? {}).sort(([a], [b]) => (a < b ? -1 : 1));
    calls[path] = 0;
    return {
      name: sp.name,
      path,
      dir,
      scope: sp.scope ?? "builtin",
      rank: sp.rank ?? 0,
      description: sp.description ?? `Does ${sp.name} things.`,
      brief: sp.brief ?? `Does ${sp.name}.`,
      hidden: sp.hidden ?? false,
      userInvocable: sp.userInvocable ?? true,
      ...(sp.context && { context: sp.context }),
      ...(sp.agent && { agent: sp.agent }),
      ...(sp.argumentHint && { argumentHint: sp.argumentHint }),
      args: sp.args ?? [],
      ...(sp.triggers && { triggers: sp.triggers }),
      hash: sp.hash ?? "h-" + sp.name,
      files: files.map(([p, c]) => ({
        path: p,
        bytes: typeof c === "string" ? new TextEncoder().encode(c).length : c.length,
        binary: typeof c !== "string",
        executable: p.startsWith("scripts/"),
      })),
      payload(): SkillPayload {
        calls[path]++;
        return {
          template: tpl(sp.body ?? `Body of ${sp.name}.`, sp.args ?? []),
          files: Object.fromEntries(files.map(([p, c]) => [p, typeof c === "string" ? c : { b64: Buffer.from(c).toString("base64") }])),
        };
      },
    };
  });
  skills.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.path < b.path ? -1 : 1));
  return {
    data: {
      version: 1,
      options: {
        dialect: "claude-code",
        loadFormat: "plain",
        catalog: { format: "markdown", budget: 16000 },
        permissions: { allow: [], deny: [] },
        ...options,
      },
      skills,
    },
    calls,
    total: () => Object.values(calls).reduce((a, b) => a + b, 0),
  };
}

/** The SkillError code `f` throws, or "none". */
export function codeOf(f: () => unknown): string {
  try {
    f();
    return "none";
  } catch (e) {
    return (e as { code: string }).code;
  }
}
