export declare const RUNTIME_GLOBAL: "__skillc";
export declare function bundleRuntime(
  esbuild: typeof import("esbuild"),
  entry: string,
  globalName?: string,
): Promise<{ code: string; metafile: import("esbuild").Metafile }>;
