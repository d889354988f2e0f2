// The `skillc/vite` entry: `plugins: [skillc()]` in the Vite config, then
// `import { skills } from "skillc:skills"` in the app (see unplugin.ts).
import { skillcUnplugin } from "./unplugin.js";

export type { SkillcPluginOptions } from "./session.js";
export const skillc = skillcUnplugin.vite;
export default skillc;
