// skillc's Vite plugin: `import { skills } from "skillc:skills"` anywhere in the app compiles
// ./skills at bundle time (errors fail the build; `vite dev` reloads on a SKILL.md edit).
import { defineConfig } from "vite";
import { skillc } from "skillc/vite";

export default defineConfig({
  plugins: [skillc()],
});
