// The helpers emitted into index.js beside the runtime (toolsets, the split loader, the claude-code
// argument splitter) are kept as source text; each is minified by esbuild once per process, here.
// The package build minifies them ahead (scripts/build.mjs writes dist/helpers.json, by a hash of
// source and options), so a build from dist/ never starts esbuild's service for them: that cost a
// rebuild about 80 ms of CPU, a good part of a warm build that changed one skill.
import type { TransformOptions } from "esbuild";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";

const BASE: TransformOptions = { minify: true, target: "es2020", charset: "ascii" };

/** Every helper registered, with its full transform options: what scripts/build.mjs minifies ahead. */
export const MINIFY_INPUTS: Array<{ key: string; source: string; options: TransformOptions }> = [];

/** The key of a helper's minified form: its source and options. */
export function minifyKey(source: string, options: TransformOptions): string {
  return createHash("sha256").update(JSON.stringify([source, options])).digest("hex");
}

let ahead: Record<string, unknown> | undefined;

/** The forms minified by the package build (dist/helpers.json next to dist/ or its chunks); none from source. */
function minifiedAhead(key: string): string | undefined {
  if (ahead === undefined) {
    ahead = {};
    if (!/\.ts$/.test(new URL(import.meta.url).pathname)) {
      for (const rel of ["./helpers.json", "../helpers.json"]) {
        try {
          const v: unknown = JSON.parse(readFileSync(new URL(rel, import.meta.url), "utf8"));
          if (v && typeof v === "object") ahead = v as Record<string, unknown>;
          break;
        } catch {
          // not here (or unreadable): esbuild minifies it below
        }
      }
    }
  }
  const code = Object.hasOwn(ahead, key) ? ahead[key] : undefined;
  return typeof code === "string" ? code : undefined;
}

/** A function returning `source` minified on one line (no trailing newline), computed once; a failure is not kept. */
export function minifiedOnce(source: string, options: TransformOptions = {}): () => Promise<string> {
  const full = { ...BASE, ...options };
  const key = minifyKey(source, full);
  MINIFY_INPUTS.push({ key, source, options: full });
  let memo: Promise<string> | undefined;
  return () => {
    memo ??= (async () => {
      const kept = minifiedAhead(key);
      if (kept !== undefined) return kept;
      const { transform } = await import("esbuild");
      const r = await transform(source, full);
      return r.code.trim();
    })().catch((err: unknown) => {
      memo = undefined;
      throw err;
    });
    return memo;
  };
}
