// Claude Code's frontmatter `hooks` (the shape of settings hooks: event → [{ matcher, hooks: [handler] }]):
// Claude Code runs them while the skill is active, without asking, so a reviewer of a stranger's skill
// is told of each handler that acts outside the model: `command` (a shell), `http` (a POST of the event's
// data), `mcp_tool` (a tool call). `prompt` and `agent` handlers only ask a model, and are not reported.
// The value is untrusted data: any part of another shape is skipped (field-type checks only that it is a map).
import * as R from "../../rules/frontmatter-rules.js";
import { escapeTerminal } from "../../util/hidden-chars.js";
import { displayPath, rangeAt, report, type FmContext } from "./context.js";
import { pointerSegment } from "./yaml-positions.js";
import { isMap } from "../../util/is-map.js";

export function checkHooks(c: FmContext): void {
  const hooks = c.frontmatter.hooks;
  if (!isMap(hooks)) return;
  for (const event of Object.keys(hooks)) {
    const groups = hooks[event];
    if (!Array.isArray(groups)) continue;
    groups.forEach((group, i) => {
      if (!isMap(group) || !Array.isArray(group.hooks)) return;
      group.hooks.forEach((handler, j) => reportHandler(c, event, `/hooks/${pointerSegment(event)}/${i}/hooks/${j}`, handler));
    });
  }
}

/** One handler at `pointer`: reported when it runs a command, posts to a URL or calls an MCP tool. */
function reportHandler(c: FmContext, event: string, pointer: string, handler: unknown): void {
  if (!isMap(handler)) return;
  const { type } = handler;
  let found: { kind: "command" | "http" | "mcp_tool"; target: string; at: string } | undefined;
  if ((type === "command" || type === undefined) && typeof handler.command === "string") {
    found = { kind: "command", target: shown(handler.command, 60), at: "command" };
  } else if (type === "http" && typeof handler.url === "string") {
    found = { kind: "http", target: shown(handler.url, 100), at: "url" };
  } else if (type === "mcp_tool" && typeof handler.tool === "string") {
    const server = typeof handler.server === "string" ? ` of the server \`${shown(handler.server, 40)}\`` : "";
    found = { kind: "mcp_tool", target: `\`${shown(handler.tool, 40)}\`${server}`, at: "tool" };
  }
  if (!found) return;
  report(c, R.HOOK_COMMAND, rangeAt(c.parsed, `${pointer}/${found.at}`), {
    field: escapeTerminal(displayPath(pointer)),
    event: shown(event, 40),
    kind: found.kind,
    target: found.target,
  });
}

/** `s` cut to `max` code points (`...` marks the cut), with control and hidden characters escaped for a terminal. */
function shown(s: string, max: number): string {
  const points = [...s];
  return escapeTerminal(points.length > max ? `${points.slice(0, max - 3).join("")}...` : s);
}
