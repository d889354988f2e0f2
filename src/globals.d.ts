/** Replaced by esbuild with package.json's version; undefined when running from source (tests). */
declare const __SKILLC_VERSION__: string;
/** Replaced by esbuild with a hash of the sources the package was built from (scripts/code-id.mjs); undefined from source. */
declare const __SKILLC_CODE_ID__: string;
