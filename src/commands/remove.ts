// `skillc remove <name> --yes`: deletes a skill's folder from the source root that holds it, as the
// .NET desktop agent's UI deletes a user skill (reference.md §5 item 2). Without --yes it only says
// what would go. It never deletes a root itself, a folder outside the configured roots (checked on
// real paths, so a linked folder cannot point the deletion elsewhere), a folder holding other skills,
// or one of several same-named skills picked by name alone.
import { readFile, realpath, rm } from "node:fs/promises";
import path from "node:path";
import { EXIT_FAIL, EXIT_OK, UsageError } from "./context.js";
import { defineCommand } from "./define.js";
import { REMOVE } from "./specs.js";
import { loadConfig } from "../config/load.js";
import { checkWritableRoot, configRoots } from "../project/roots.js";
import { discover } from "../pipeline/discover.js";
import { declaredName } from "../archive/skill-name.js";
import type { SkillSource } from "../types.js";
import { escapeTerminal } from "../util/hidden-chars.js";

export const command = defineCommand(REMOVE, async (values, positionals, ctx) => {
  const [ref, ...extra] = positionals;
  if (!ref || extra.length) throw new UsageError("name exactly one skill: skillc remove <name|SKILL.md path> --yes");
  const { config } = await loadConfig(ctx.cwd, values.config);
  const roots = configRoots(ctx.cwd, config);
  const found = await discover(roots, { cwd: ctx.cwd, ...config.discovery, settings: config.rules, profile: config.profile });
  const matches = await matching(found.sources, ref);
  if (matches.length === 0) {
    ctx.stderr.write(`skillc remove: no skill "${escapeTerminal(ref)}" in ${escapeTerminal(roots.map((r) => r.dir).join(", ")) || "the configured sources"}; nothing was deleted.\n`);
    return EXIT_FAIL;
  }
  if (matches.length > 1) {
    ctx.stderr.write(`skillc remove: "${escapeTerminal(ref)}" names ${matches.length} skills (${escapeTerminal(matches.map((s) => s.file).join(", "))}); give the SKILL.md path of the one to delete.\n`);
    return EXIT_FAIL;
  }
  const source = matches[0]!;
  checkWritableRoot({ project: config.root, dir: path.resolve(ctx.cwd, source.root.dir), cwd: ctx.cwd });
  // Deleting the folder deletes the skills nested in it: a SKILL.md a pull request adds to a group
  // folder (`skills/group/SKILL.md`) must not make `remove <its name>` take the group's skills along.
  const nested = found.sources.filter((s) => s !== source && s.root === source.root && s.dir.startsWith(`${source.dir}/`)).map((s) => s.dir);
  if (nested.length > 0) {
    const shownNested = nested.slice(0, 5).join(", ") + (nested.length > 5 ? `, and ${nested.length - 5} more` : "");
    ctx.stderr.write(`skillc remove: ${escapeTerminal(source.dir)}/ holds ${nested.length} other skill${nested.length === 1 ? "" : "s"} (${escapeTerminal(shownNested)}); nothing was deleted. Remove those first, or delete the folder yourself.\n`);
    return EXIT_FAIL;
  }
  // Folder names are a skill author's: shown escaped, so a bidi control cannot make the folder a
  // person confirms look like another one.
  const dir = escapeTerminal(source.dir);
  const root = await realpath(path.resolve(ctx.cwd, source.root.dir)).catch(() => undefined);
  const folder = await realpath(path.resolve(ctx.cwd, source.dir)).catch(() => undefined);
  if (!root || !folder || !folder.startsWith(root + path.sep)) {
    ctx.stderr.write(`skillc remove: ${dir} is not a folder inside its source root ${escapeTerminal(source.root.dir)}; nothing was deleted.\n`);
    return EXIT_FAIL;
  }
  if (!values.yes) {
    ctx.stderr.write(`skillc remove: would delete ${dir}/ (the skill in ${escapeTerminal(source.file)}); run again with --yes to delete it.\n`);
    return EXIT_FAIL;
  }
  await rm(folder, { recursive: true, force: true });
  ctx.stdout.write(`deleted ${dir}/\n`);
  return EXIT_OK;
});

/** The skills `ref` names: by SKILL.md path or folder, else by name (the frontmatter's, else the folder's). */
async function matching(sources: readonly SkillSource[], ref: string): Promise<SkillSource[]> {
  const r = ref.replace(/\\/g, "/").replace(/\/+$/, "");
  const byPath = sources.filter((s) => s.file === r || s.dir === r);
  if (byPath.length) return byPath;
  const out: SkillSource[] = [];
  for (const s of sources) {
    const bytes = await readFile(path.join(s.absDir, s.fileName)).catch(() => undefined);
    const name = (bytes && declaredName(bytes)) ?? path.posix.basename(s.dir);
    if (name.normalize("NFC") === r.normalize("NFC")) out.push(s);
  }
  return out;
}
