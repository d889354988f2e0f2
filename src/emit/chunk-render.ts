// A split build's payload chunks rendered to bytes (the format: src/emit/split.ts). A module of its
// own, importing only hashing, so the chunk writer thread (src/emit/chunk-writer.ts) loads nothing
// else; this thread renders with it too, when there is no writer.
//
// Costs, measured at 10,000 skills (298 MB): JSON.stringify of the contents, the UTF-8 encoding and
// the SHA-256 are each a pass over the payload; a skill's size is known without a pass of its own
// when 3 bytes per UTF-16 unit fits the cap (nearly every skill), and the encoding goes into a
// scratch buffer as large as that bound, so no pass only measures.
import { sha256Hex } from "../util/sha256.js";

/** The bytes around a chunk's JSON. */
export const CHUNK_HEAD = "export default ";
export const CHUNK_TAIL = ";\n";

/**
 * No content-addressed file of the split layout passes this (bytes), whatever the corpus holds:
 * a file whose content would push its skill's chunk past it is stored in piece chunks instead.
 */
export const CHUNK_CAP = 256 * 1024;

/** One content-addressed file: its bytes and their SHA-256 (hex), its name. */
export interface Chunk {
  hash: string;
  bytes: Buffer;
}

/** What a skill's chunk is rendered from: its body's template and its supporting files. */
export interface ChunkInput {
  template: unknown;
  files: ReadonlyArray<{ path: string; content: string | Uint8Array }>;
}

/**
 * A skill's chunk, and the piece chunks of its files too large to sit in it. The chunk is
 * `export default {"template":[…],"files":[[path, content],…]};` where content is the text, `{"b64"}`
 * for binary, or `{"pieces":[hash,…]}` / `{"b64pieces":[hash,…]}`: the hashes of piece chunks
 * (`export default "…";`, a JSON string each, at most {@link CHUNK_CAP} bytes) whose strings
 * joined are the text or the base64 (binary is cut at multiples of 3 bytes, so each piece's base64
 * is whole and the joined string is the file's base64). Files are moved to pieces largest first
 * until the chunk fits, so a skill of small files keeps them all in one chunk.
 */
export function renderChunk(skill: ChunkInput, opts: { scratch?: boolean } = {}): Chunk & { pieces: Chunk[] } {
  const files = skill.files.map((f) => {
    const text = typeof f.content === "string";
    return { path: f.path, text, json: jsonLit(text ? (f.content as string) : { b64: Buffer.from(f.content as Uint8Array).toString("base64") }) };
  });
  const head = `{"template":${jsonLit(skill.template)},"files":[`;
  const room = CHUNK_CAP - 4096 - CHUNK_HEAD.length - CHUNK_TAIL.length;
  const pieces: Chunk[] = [];
  // UTF-8 takes at most 3 bytes per UTF-16 unit: under the cap by that bound, it is under it exactly.
  if (3 * (head.length + files.reduce((n, f) => n + f.json.length + f.path.length * 2 + 8, 0)) > room) {
    const bytes = (t: string) => Buffer.byteLength(t);
    let size = bytes(head) + files.reduce((n, f) => n + bytes(f.json) + bytes(f.path) * 2 + 8, 0);
    for (const f of [...files].sort((a, b) => b.json.length - a.json.length || (a.path < b.path ? -1 : 1))) {
      if (size <= room) break;
      const content = skill.files.find((x) => x.path === f.path)!.content;
      const own = typeof content === "string" ? textPieces(content) : binaryPieces(Buffer.from(content));
      pieces.push(...own);
      const json = jsonLit({ [f.text ? "pieces" : "b64pieces"]: own.map((c) => c.hash) });
      size += bytes(json) - bytes(f.json);
      f.json = json;
    }
  }
  const parts = [CHUNK_HEAD + head];
  files.forEach((f, i) => parts.push(`${i ? "," : ""}[${jsonLit(f.path)},`, f.json, "]"));
  parts.push("]}" + CHUNK_TAIL);
  return { ...chunkOfParts(parts, opts.scratch === true), pieces };
}

let scratch = Buffer.alloc(0);

/**
 * A chunk from its text in parts, encoded into a scratch buffer as large as the UTF-8 bound and
 * copied out at its size: the joined string is never made (at 10,000 skills a copy of every
 * payload, ~300 MB, for the GC to collect), nor measured by a pass of its own. `view`: not copied
 * out; the bytes are the scratch buffer's, good until the next render (the chunk writer thread
 * writes them synchronously first, so its ~300 MB of chunks never become Buffers to collect).
 */
function chunkOfParts(parts: string[], view: boolean): Chunk {
  let units = 0;
  for (const p of parts) units += p.length;
  if (scratch.length < 3 * units) scratch = Buffer.allocUnsafe(Math.max(3 * units, 1 << 20));
  let at = 0;
  for (const p of parts) at += scratch.write(p, at);
  if (view) {
    const bytes = scratch.subarray(0, at);
    return { hash: sha256Hex(bytes), bytes };
  }
  const bytes = Buffer.allocUnsafe(at);
  scratch.copy(bytes, 0, 0, at);
  return { hash: sha256Hex(bytes), bytes };
}

/**
 * JSON with the line separators escaped for older JS parsers (the chunk is parsed as a module too).
 * Looked for first: a replace's pass over every payload cost ~0.35 s at 10,000 skills, the two
 * searches a fifth of it, and nearly no text holds either.
 */
function jsonLit(v: unknown): string {
  const json = JSON.stringify(v);
  if (!json.includes("\u2028") && !json.includes("\u2029")) return json;
  return json.replace(/[\u2028\u2029]/g, (c) => (c === "\u2028" ? "\\u2028" : "\\u2029"));
}

function chunkOf(text: string): Chunk {
  const bytes = Buffer.from(text, "utf8");
  return { hash: sha256Hex(bytes), bytes };
}

/** The piece chunks of a text: cut by UTF-16 length, shortened until each encodes within the cap, never inside a surrogate pair. */
function textPieces(text: string): Chunk[] {
  const out: Chunk[] = [];
  const room = CHUNK_CAP - CHUNK_HEAD.length - CHUNK_TAIL.length;
  let at = 0;
  while (at < text.length) {
    let len = Math.min(text.length - at, Math.floor(room / 3));
    for (;;) {
      const code = text.charCodeAt(at + len - 1);
      if (len > 1 && at + len < text.length && code >= 0xd800 && code <= 0xdbff) len--;
      const lit = jsonLit(text.slice(at, at + len));
      const bytes = Buffer.byteLength(lit);
      if (bytes <= room) {
        out.push(chunkOf(CHUNK_HEAD + lit + CHUNK_TAIL));
        break;
      }
      len = Math.max(1, Math.floor((len * room) / bytes) - 16);
    }
    at += len;
  }
  return out;
}

/** The piece chunks of a binary file: whole 3-byte groups per piece, so each piece's base64 has no padding but the last. */
function binaryPieces(bytes: Buffer): Chunk[] {
  const out: Chunk[] = [];
  const step = Math.floor((CHUNK_CAP - CHUNK_HEAD.length - CHUNK_TAIL.length - 2) / 4) * 3;
  for (let at = 0; at < bytes.length; at += step) out.push(chunkOf(CHUNK_HEAD + JSON.stringify(bytes.subarray(at, at + step).toString("base64")) + CHUNK_TAIL));
  return out;
}
