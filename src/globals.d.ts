/** Replaced by esbuild with package.json's version; undefined when running from source (tests). */
declare const __SKILLC_VERSION__: string;
