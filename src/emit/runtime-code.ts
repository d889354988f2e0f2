// The runtime code that opens every index.js: src/runtime bundled and minified, ending in a
// module-local `var __skillc` (dist/runtime.js; see bundled-code.ts).
import { RUNTIME_GLOBAL } from "../../scripts/runtime-bundle.mjs";
import { bundledCode } from "./bundled-code.js";

export { RUNTIME_GLOBAL };

/** The runtime's code, ending in a newline. */
export const runtimeCode = bundledCode("the runtime bundle", "runtime.js", "../runtime/index.ts");
