// The `skillc/esbuild` entry: `plugins: [skillc()]` in the Esbuild config, then
// `import { skills } from "skillc:skills"` in the app (see unplugin.ts).
import { skillcUnplugin } from "./unplugin.js";

export type { SkillcPluginOptions } from "./session.js";
export const skillc = skillcUnplugin.esbuild;
export default skillc;
