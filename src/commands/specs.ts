// What each command says about itself: its summary, usage, description and flags (define.ts makes its
// --help and parseArgs options from them). Only text: src/cli.ts loads this for `skillc --help` and
// the command table, and loads a command's code (<name>.ts) only when that command runs.
import type { CommandSpec, FlagSpec } from "./define.js";

const config = { type: "string", value: "<file>", help: "use this config instead of skillc.config.* in the current folder" } as const satisfies FlagSpec;
const profile = { type: "string", value: "<name>", help: "skillc (default) | agentskills | claude-code | codex" } as const satisfies FlagSpec;
const clients = { type: "string", value: "<list>", help: "also report where these clients would refuse, truncate or misread a skill: claude-code,codex,openai-skills,agentskills (default: config clients)" } as const satisfies FlagSpec;
const rule = { type: "string", multiple: true, value: "<id=level>", help: "set a rule to off, warn or error (repeatable)" } as const satisfies FlagSpec;
const cache = { type: "boolean", help: "use node_modules/.cache/skillc even in CI or for a few skills" } as const satisfies FlagSpec;
const noCache = { type: "boolean", help: "re-analyse every skill (ignore node_modules/.cache/skillc)" } as const satisfies FlagSpec;

const spec = <const N extends string, F extends Record<string, FlagSpec>>(s: CommandSpec<F> & { name: N }): CommandSpec<F> & { name: N } => s;

export const BUILD = spec({
  name: "build",
  summary: "compile skills into outDir (.skillc/)",
  usage: "[roots…] [options]",
  description: `Compile skills into outDir (default .skillc/): index.js, index.d.ts, manifest.json, catalog.{xml,md,json}.
Roots given here replace the config's sources, in precedence order (later wins).
A build with any error writes nothing and exits 1, keeping the previous output if there is one.
The output folder must be a folder of its own: not the project folder, a source root or inside one.`,
  flags: {
    out: { type: "string", value: "<dir>", help: "output folder (default: config outDir, .skillc)" },
    config,
    cache,
    "no-cache": noCache,
    profile,
    clients,
    rule,
    strict: { type: "boolean", help: "warnings fail the build" },
    "emit-on-error": { type: "boolean", help: "write the error-free skills even when others have errors (still exits 1)" },
    watch: { type: "boolean", help: "rebuild on changes to skills and to the config" },
    quiet: { type: "boolean", help: "print only errors" },
  },
});

export const SERVE = spec({
  name: "serve",
  summary: "serve the skills over MCP (stdio, or Streamable HTTP on 127.0.0.1)",
  usage: "[roots…] [options]",
  description: `Build the skills and serve them as an MCP server: MCP's Skills Extension (skills/list, skills/get,
every file as a skill:// resource with its sha256 digest, resources/directory/read), the model's tools
(load_skill, search_skills, read_skill_file, toolset tools) and user-invocable skills as prompts.
Stdio by default (stdout carries the protocol; messages go to stderr); --http serves /mcp on 127.0.0.1.
A build with any error serves nothing and exits 1 (unless --emit-on-error); with --watch, a failed
rebuild keeps serving the previous build.`,
  flags: {
    http: { type: "string", value: "<port>", help: "Streamable HTTP at http://127.0.0.1:<port>/mcp (0: any free port)" },
    watch: { type: "boolean", help: "rebuild on changes and notify clients (list_changed)" },
    "page-size": { type: "string", value: "<n>", help: "entries per page of skills/list and resources/list (default 50)" },
    "emit-on-error": { type: "boolean", help: "serve the error-free skills even when others have errors" },
    config,
    cache,
    "no-cache": noCache,
    profile,
    rule,
    quiet: { type: "boolean", help: "print only errors" },
  },
});

export const LINT = spec({
  name: "lint",
  summary: "check SKILL.md files, skill folders or roots",
  usage: "[paths…] [options]",
  description: `Check SKILL.md files, skill folders, roots, or files inside skill folders (as lint-staged passes them)
without emitting anything. Default paths: the config's sources (skills/).`,
  flags: {
    format: { type: "string", value: "<name>", help: "stylish (default) | json | github | sarif" },
    "max-warnings": { type: "string", value: "<n>", help: "exit 1 when there are more than n warnings (default: unlimited)" },
    profile,
    clients,
    rule,
    fix: { type: "boolean", help: 'apply safe rewrites (e.g. quote a description holding ": ") and report them' },
    config,
    cache,
    "no-cache": noCache,
  },
});

export const LIST = spec({
  name: "list",
  summary: "print a table of the skills",
  usage: "[roots…] [options]",
  description: "Print a table of the skills the model can see: name, scope, description (cut), size.",
  flags: {
    json: { type: "boolean", help: "print the list as JSON" },
    config,
  },
});

export const CATALOG = spec({
  name: "catalog",
  summary: "print the catalog prompt",
  usage: "[roots…] [options]",
  description: `Print the catalog prompt (the skills' names and descriptions, within the budget) to stdout;
reports (errors, and each skill the budget shortened or dropped) go to stderr.`,
  flags: {
    format: { type: "string", value: "<name>", help: "xml (default: config catalog.format) | markdown (or md) | json | codelia" },
    budget: { type: "string", value: "<chars>", help: "size budget in characters (default: config catalog.budget, 16000)" },
    client: { type: "string", value: "<name>", help: "simulate that client's listing instead (claude-code: 1% of --context, per entry 1,536 chars)" },
    context: { type: "string", value: "<tokens>", help: "with --client: the context window in tokens (default: none, the client's fallback budget)" },
    config,
  },
});

export const RENDER = spec({
  name: "render",
  summary: "print what the runtime's load returns",
  usage: "<name|path> [args…] [options]",
  description: `Print exactly what the runtime's load(name, args) returns for a skill: the text a tool hands the model.
With no args: in the claude-code dialect no arguments is "" as in Claude Code (named arguments and
$ARGUMENTS become empty, $N stays); in the opencode dialect placeholders are kept as written.
\`--args ""\` passes an empty argument string.`,
  flags: {
    args: { type: "string", value: "<raw>", help: "the raw argument string (instead of positional args)" },
    content: { type: "boolean", help: "print only the expanded body (load().content)" },
    json: { type: "boolean", help: "print the whole load result as JSON" },
    "session-id": { type: "string", value: "<id>", help: "the value of ${CLAUDE_SESSION_ID} (default: kept as written)" },
    "project-dir": { type: "string", value: "<dir>", help: "the value of ${CLAUDE_PROJECT_DIR} (default: kept as written)" },
    effort: { type: "string", value: "<level>", help: "the value of ${CLAUDE_EFFORT} (default: kept as written)" },
    config,
  },
});

export const NEW = spec({
  name: "new",
  summary: "scaffold a valid skill folder",
  usage: "<name> [options]",
  description: `Scaffold a skill folder <root>/<name>/ holding a SKILL.md that lints clean.
<name> is kebab-case (lowercase letters, digits, single hyphens), at most 64 characters.`,
  flags: {
    dir: { type: "string", value: "<root>", help: "where to create the folder (default: the config's first source, skills/)" },
    description: { type: "string", value: "<text>", help: "the description agents read to decide when to load the skill" },
    args: { type: "string", value: '"<a> <b>"', help: "named arguments: declared in arguments:, used as $a $b in the body" },
    force: { type: "boolean", help: "write SKILL.md even if the folder exists (other files are kept)" },
    config,
  },
});

export const IMPORT = spec({
  name: "import",
  summary: "validate, then copy a skill (or a site's or MCP server's skills) into a root",
  usage: "<folder|file.zip|file.skill|file.tar.gz|file.tgz|https://…|mcp:…> [options]",
  description: `Validate one skill with the lint pipeline, then copy it into a root as <root>/<name>/.
A skill with any error is refused (exit 1) and nothing is written; warnings are printed.
A skill whose name is already taken in any configured source is refused unless --force.
An archive holds one skill: a SKILL.md at its top, or a single folder with one.
Entries that would leave the target (../, absolute paths, links out) and oversized archives are refused.
From a URL (a site, its /.well-known/agent-skills/ or .well-known/skills/ folder, or the index.json) or an MCP
server (mcp:<command line> over stdio, mcp:https://host/mcp over Streamable HTTP): every skill it offers, each
checked against its digest and linted; the ones that pass are written and recorded in skillc-lock.json.
Only the host named is contacted (redirects stay on it); each skill is capped at 50 MiB and 1,000 files.`,
  flags: {
    to: { type: "string", value: "<root>", help: "where to put the skill (default: the config's first source, skills/)" },
    name: {
      type: "string",
      value: "<name>",
      help: "import the skill under this name: its frontmatter `name:` is rewritten (or\nadded) and its folder named so (default: the frontmatter name, else the source's)",
    },
    force: {
      type: "boolean",
      help: "replace an existing skill folder of that name, and import even when a skill\nof that name exists in another source",
    },
    frozen: { type: "boolean", help: "with a URL or mcp:, fail (writing nothing) when the source differs from\nskillc-lock.json: a skill added, removed or changed upstream" },
    profile: { ...profile, help: "validate with this profile instead of the config's" },
    rule,
    config,
  },
});

export const PUBLISH = spec({
  name: "publish",
  summary: "write a static .well-known/agent-skills folder for any web host",
  usage: "--out <dir> [roots…] [options]",
  description: `Build the skills, then write <dir>/.well-known/agent-skills/: index.json (Agent Skills Discovery v0.2.0),
<name>/SKILL.md for a skill with no other files, <name>.tar.gz (deterministic: same sources, same digest)
for the others. Serve <dir> as a site's root (or copy it into one); every digest is the SHA-256 of the bytes served.
Only skills without errors are published; a build with errors publishes nothing (exit 1) unless --emit-on-error.
Hidden skills (disable-model-invocation: true) are left out unless --include-hidden.
<dir> is replaced whole, so it must be new, empty, or a folder skillc publish wrote; a failure keeps the previous one.`,
  flags: {
    out: { type: "string", value: "<dir>", help: "the folder to write (required)" },
    "include-hidden": { type: "boolean", help: "publish skills with disable-model-invocation: true too" },
    config,
    profile,
    rule,
    strict: { type: "boolean", help: "warnings fail the publish" },
    "emit-on-error": { type: "boolean", help: "publish the error-free skills even when others have errors (still exits 1)" },
  },
});

export const INIT = spec({
  name: "init",
  summary: "write a config and print how to wire the hook",
  usage: "[options]",
  description: `Write skillc.config.json with every default spelled out (and a "$schema" for editor completion),
create the skills/ folder, add .skillc/ (the build output) to .gitignore, then print how to run
\`skillc lint\` from a pre-commit hook.`,
  flags: {
    ts: { type: "boolean", help: "write skillc.config.ts (typed with defineConfig) instead" },
    force: { type: "boolean", help: "overwrite an existing config of the same name" },
  },
});

export const EXPORT = spec({
  name: "export",
  summary: "write client-ready skill folders",
  usage: "--client <name> --out <dir> [options]",
  description: `Write each skill, as one client reads it, to <dir>/<name>/: SKILL.md with only the fields that
client reads (its YAML re-emitted, every string double-quoted), settings it reads elsewhere moved
there (Codex: agents/openai.yaml), and every supporting file copied byte for byte. A skill the client
would refuse (a name or description past its limits) is reported and not written; a skill with a
lint error is not written either. Each exported folder replaces the one already there.`,
  flags: {
    client: { type: "string", value: "<name>", help: "claude-code | codex | openai-skills | agentskills" },
    out: { type: "string", value: "<dir>", help: "where to write the skill folders" },
    config,
  },
});

export const REMOVE = spec({
  name: "remove",
  summary: "delete a skill folder from its source",
  usage: "<name> --yes [options]",
  description: `Delete the folder of the skill <name> (or SKILL.md path) from the source root that holds it.
Without --yes nothing is deleted: it prints what would go. A name several roots hold is refused
unless given as its SKILL.md path; a folder that is not inside a configured root is never deleted.`,
  flags: {
    yes: { type: "boolean", help: "delete it (without: print what would be deleted and exit 1)" },
    config,
  },
});

/** Every command, in the order `skillc --help` lists them. */
export const SPECS = [BUILD, LINT, LIST, CATALOG, RENDER, NEW, IMPORT, EXPORT, REMOVE, PUBLISH, INIT, SERVE] as const;

export type CommandName = (typeof SPECS)[number]["name"];
