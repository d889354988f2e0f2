// The `skillc/rollup` entry: `plugins: [skillc()]` in the Rollup config, then
// the app imports `skills` from the virtual module `skillc:skills` (see unplugin.ts).
import { skillcUnplugin } from "./unplugin.js";

export type { SkillcPluginOptions } from "./session.js";
export const skillc = skillcUnplugin.rollup;
export default skillc;
