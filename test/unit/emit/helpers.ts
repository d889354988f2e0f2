// Builds CompiledSkill values directly, so emit tests do not depend on the earlier stages.
import { createHash } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CompiledSkill, SkillFields, SkillFile } from "../../../src/types.js";
import type { TemplatePart } from "../../../src/runtime/data.js";
import { resolveDefaults, type ResolvedConfig } from "../../../src/config/types.js";
import type { EmitInput } from "../../../src/emit/index.js";

export const sha256 = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");

export interface SkillSpec {
  name: string;
  description?: string;
  root?: { dir: string; scope: string; precedence: number };
  template?: TemplatePart[];
  files?: Array<{ path: string; content: string | Uint8Array; executable?: boolean; interpreter?: string }>;
  fields?: Partial<SkillFields>;
  frontmatter?: Record<string, unknown>;
}

export function makeSkill(spec: SkillSpec): CompiledSkill {
  const root = spec.root ?? { dir: "skills", scope: "skills", precedence: 0 };
  const dir = `${root.dir}/${spec.name}`;
  const description = spec.description ?? `Does ${spec.name} things. Use it when ${spec.name} is asked for.`;
  const template = spec.template ?? [`# ${spec.name}\n\nFollow the steps.`];
  const text = `---\nname: ${spec.name}\ndescription: ${description}\n---\n${template.map((p) => (typeof p === "string" ? p : p[2])).join("")}`;
  const files: SkillFile[] = (spec.files ?? [])
    .map((f) => ({
      path: f.path,
      bytes: typeof f.content === "string" ? Buffer.byteLength(f.content) : f.content.byteLength,
      sha256: sha256(f.content),
      binary: typeof f.content !== "string",
      executable: f.executable ?? false,
      ...(f.interpreter ? { interpreter: f.interpreter } : {}),
      content: f.content,
    }))
    .sort((a, b) => (a.path < b.path ? -1 : 1));
  const fields: SkillFields = {
    name: spec.name,
    description,
    arguments: [],
    disableModelInvocation: false,
    userInvocable: true,
    toolsets: [],
    defaultEnabled: true,
    briefDescription: description.split(". ")[0],
    scripts: [],
    ...spec.fields,
  };
  const hash = sha256(text);
  return {
    source: { root, dir, relDir: spec.name, file: `${dir}/SKILL.md`, fileName: "SKILL.md", absDir: `/abs/${dir}` },
    hash,
    text,
    frontmatter: spec.frontmatter ?? { name: spec.name, description },
    positions: {},
    frontmatterRange: { line: 1, column: 1, endLine: 4, endColumn: 4 },
    bodyOffset: 0,
    bodyStart: 0,
    body: "",
    diagnostics: [],
    fields,
    name: spec.name,
    template,
    files,
    contentHash: sha256(hash + files.map((f) => f.path + f.sha256).join("")),
  };
}

export function makeInput(skills: CompiledSkill[], config: Partial<ResolvedConfig> = {}): EmitInput {
  return {
    skills,
    collisions: [],
    diagnostics: [],
    config: { ...resolveDefaults("/project"), ...config },
    stats: {
      skills: skills.length,
      files: skills.reduce((n, s) => n + s.files.length, 0),
      bytes: skills.reduce((n, s) => n + s.files.reduce((m, f) => m + f.bytes, 0), 0),
    },
  };
}

export const tmp = (prefix: string) => mkdtemp(join(tmpdir(), `skillc-${prefix}-`));

/** A binary file: every byte value, some invalid UTF-8. */
export const BINARY = Uint8Array.from({ length: 300 }, (_, i) => (i * 37) % 256);

/** A fixed set covering arguments, binary files, hidden skills, awkward strings. */
export function sampleSkills(): CompiledSkill[] {
  return [
    makeSkill({
      name: "release-notes",
      template: ["Release ", [2, 0, "$version"], " since ", [2, 1, "$since"], ".\nRaw: ", [0, 0, "$ARGUMENTS"], "\nDir: ", [3, 0, "${CLAUDE_SKILL_DIR}"]],
      fields: { arguments: ["version", "since"], argumentHint: "<version> <since>" },
      files: [{ path: "scripts/notes.sh", content: "#!/bin/bash\necho \"$1\"\n", executable: true, interpreter: "bash" }],
    }),
    makeSkill({
      name: "review-diff",
      files: [
        { path: "references/api.md", content: "Line one\r\nwith CRLF, \u2028 LS, \u2029 PS, </script> and ${x} `tick` \\ back\n\u{1F600} emoji" },
        { path: "assets/logo.png", content: BINARY },
        { path: "__proto__", content: "a file named __proto__" },
      ],
    }),
    makeSkill({ name: "secret-tool", fields: { disableModelInvocation: true } }),
    makeSkill({ name: "dup", root: { dir: "builtin", scope: "builtin", precedence: 0 } }),
    makeSkill({ name: "dup", root: { dir: "project", scope: "project", precedence: 1 } }),
  ];
}
