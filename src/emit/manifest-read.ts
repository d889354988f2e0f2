// Reading a manifest.json back, in either shape: the single layout's, with `skills`, or the split
// layout's, whose `shards` (`chunks/<sha256>.json`, each `{"skills": [...]}`) hold the entries in
// skill order. Both give the single shape: the top level with every entry in `skills`. A shard's
// name must be a chunk's and its bytes must hash to it (a manifest is input like any other).
import { readFileSync } from "node:fs";
import path from "node:path";
import { sha256Hex } from "../util/sha256.js";

const SHARD = /^chunks\/([0-9a-f]{64})\.json$/;

export type Manifest = Record<string, unknown> & { skills: Array<Record<string, unknown>> };

/** The manifest of a build's output, from `read(name)` (a file name relative to outDir, as bytes or text). */
export function readManifestFrom(read: (name: string) => string | Uint8Array): Manifest {
  const top = parse(read("manifest.json"), "manifest.json");
  if (Array.isArray(top.skills)) return top as Manifest;
  if (!Array.isArray(top.shards)) throw new Error("skillc: manifest.json has neither `skills` nor `shards`");
  const skills: Array<Record<string, unknown>> = [];
  for (const name of top.shards as unknown[]) {
    const m = typeof name === "string" ? SHARD.exec(name) : null;
    if (!m) throw new Error(`skillc: manifest.json names a shard that is not chunks/<sha256>.json: ${JSON.stringify(name)}`);
    const data = read(name as string);
    const bytes = typeof data === "string" ? Buffer.from(data, "utf8") : data;
    if (sha256Hex(bytes) !== m[1]) throw new Error(`skillc: the manifest shard ${name as string} does not match its SHA-256 hash`);
    const shard = parse(bytes, name as string);
    if (!Array.isArray(shard.skills)) throw new Error(`skillc: the manifest shard ${name as string} has no \`skills\``);
    skills.push(...(shard.skills as Array<Record<string, unknown>>));
  }
  const { shards: _shards, ...rest } = top;
  return { ...rest, skills };
}

/** The manifest in `outDir`, either layout. Throws when a file is missing, malformed or altered. */
export function readManifest(outDir: string): Manifest {
  return readManifestFrom((name) => readFileSync(path.join(outDir, name)));
}

function parse(data: string | Uint8Array, name: string): Record<string, unknown> {
  const v: unknown = JSON.parse(typeof data === "string" ? data : Buffer.from(data).toString("utf8"));
  if (v === null || typeof v !== "object" || Array.isArray(v)) throw new Error(`skillc: ${name} is not a JSON object`);
  return v as Record<string, unknown>;
}
