// Writes the README's clients × fields table from schema/skill.schema.json, between the
// `<!-- clients:start -->` and `<!-- clients:end -->` markers, so it can never drift from the schema.
// A field is "accepted" by a client when the client's definition lists it (and its `x-client.ignores`
// does not), "ignored" when the definition lets other keys through, "rejected" when it does not
// (`additionalProperties: false`). The same facts drive the portability lint (src/pipeline/portability.ts).
//
//   node scripts/clients-doc.mjs           rewrite README.md (only when the table changed)
//   node scripts/clients-doc.mjs --check   exit 1 when README.md is out of date
//   node scripts/clients-doc.mjs --print   print the table to stdout
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { replaceBlock, runBlockScript } from "./readme-block.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
export const START = "<!-- clients:start -->";
export const END = "<!-- clients:end -->";
/** The clients, in column order: each is a `$defs` entry with an `x-client`. */
export const CLIENTS = ["claude-code", "codex", "openai-skills", "agentskills"];

/** "accepted" | "ignored" | "rejected": what `client` does with a top-level `field`. */
export function verdict(schema, client, field) {
  const def = schema.$defs[client];
  const known = Object.prototype.hasOwnProperty.call(def.properties ?? {}, field);
  if (known) return def["x-client"].ignores.includes(field) ? "ignored" : "accepted";
  return def.additionalProperties === false ? "rejected" : "ignored";
}

/** The generated markdown (without the markers). */
export function clientsTable(schema) {
  // Every field skillc knows (it knows every client's), in the schema's order.
  const fields = Object.keys(schema.$defs.skillc.properties);
  const head = CLIENTS.map((c) => `\`${c}\``);
  const rows = fields.map((f) => `| \`${f}\` | ${CLIENTS.map((c) => verdict(schema, c, f)).join(" | ")} |`);
  const sources = CLIENTS.map((c) => `\`${c}\`: ${schema.$defs[c]["x-client"].title}, read from ${schema.$defs[c]["x-client"].source}.`);
  return [
    "Generated from `schema/skill.schema.json` by `node scripts/clients-doc.mjs`: what each client does with each field skillc knows.",
    "_accepted_: the client reads it; _ignored_: the client loads the skill without it; _rejected_: the client (or its validator) fails the skill.",
    "`skillc lint --clients …` reports each ignored or rejected field a skill uses, with what that client does.",
    "",
    `| field | ${head.join(" | ")} |`,
    `|---|${CLIENTS.map(() => "---").join("|")}|`,
    ...rows,
    "",
    ...sources.map((s) => `- ${s}`),
  ].join("\n");
}

/** README text with the table between the markers replaced; throws when a marker is missing. */
export function replaceTable(readme, table) {
  return replaceBlock(readme, table, START, END, "clients table");
}

runBlockScript(import.meta.url, { name: "clients-doc", what: "clients table", make: async () => clientsTable(JSON.parse(await readFile(`${ROOT}schema/skill.schema.json`, "utf8"))), replace: replaceTable });
