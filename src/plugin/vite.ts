// The `skillc/vite` entry: `plugins: [skillc()]` in the Vite config, then
// the app imports `skills` from the virtual module `skillc:skills` (see unplugin.ts).
import { skillcUnplugin } from "./unplugin.js";

export type { SkillcPluginOptions } from "./session.js";
export const skillc = skillcUnplugin.vite;
export default skillc;
