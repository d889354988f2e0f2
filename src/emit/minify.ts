// The helpers emitted into index.js beside the runtime (toolsets, the split loader, the claude-code
// argument splitter) are kept as source text; each is minified by esbuild once per process, here.
import type { TransformOptions } from "esbuild";

const BASE: TransformOptions = { minify: true, target: "es2020", charset: "ascii" };

/** A function returning `source` minified on one line (no trailing newline), computed once; a failure is not kept. */
export function minifiedOnce(source: string, options: TransformOptions = {}): () => Promise<string> {
  let memo: Promise<string> | undefined;
  return () => {
    memo ??= (async () => {
      const { transform } = await import("esbuild");
      const r = await transform(source, { ...BASE, ...options });
      return r.code.trim();
    })().catch((err: unknown) => {
      memo = undefined;
      throw err;
    });
    return memo;
  };
}
