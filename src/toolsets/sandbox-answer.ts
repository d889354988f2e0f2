// The parent's reading of one answer line from the sandboxed toolset check (src/toolsets/sandbox.ts).
// The child checks each toolset's shape, but the child runs the untrusted code: whatever it writes
// is checked again here, so tool names reach the bundle, the manifest and index.d.ts only in the
// documented form (1–64 of A–Z a–z 0–9 _ -, unique in their toolset) and every other field has the
// type its diagnostic expects. An answer that is not one of these is treated like a crash.

/** What the child found for one entry. */
export type SandboxAnswer =
  | { tools: string[] }
  | { kind: "threw"; error: string }
  | { kind: "undefined" }
  | { kind: "not-array"; what: string }
  | { kind: "invalid"; tool: number; name?: string; problem: "object" | "name" | "description" | "parameters" | "execute" }
  | { kind: "duplicate"; name: string };

/** Same pattern as the child's (src/toolsets/sandbox-child.ts) and the runtime's (src/emit/toolset-helper.ts). */
const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;
const PROBLEMS = new Set(["object", "name", "description", "parameters", "execute"]);
/** What the child writes of a message or a name is already cut to 300 characters; a little slack. */
const MAX_TEXT = 400;

type Problem = Extract<SandboxAnswer, { kind: "invalid" }>["problem"];

const isText = (v: unknown): v is string => typeof v === "string" && v.length <= MAX_TEXT;

/** The answer in `line`, `{ done: true }` for the last line, or undefined when it is neither. */
export function readAnswer(line: string): SandboxAnswer | { done: true } | undefined {
  let v: unknown;
  try {
    v = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (!v || typeof v !== "object" || Array.isArray(v)) return undefined;
  const a = v as Record<string, unknown>;
  if (a.done === true) return { done: true };
  if ("tools" in a) return toolNames(a.tools);
  switch (a.kind) {
    case "threw":
      return isText(a.error) ? { kind: "threw", error: a.error } : undefined;
    case "undefined":
      return { kind: "undefined" };
    case "not-array":
      return isText(a.what) ? { kind: "not-array", what: a.what } : undefined;
    case "invalid":
      return invalid(a);
    case "duplicate":
      return typeof a.name === "string" && TOOL_NAME.test(a.name) ? { kind: "duplicate", name: a.name } : undefined;
    default:
      return undefined;
  }
}

function toolNames(tools: unknown): SandboxAnswer | undefined {
  if (!Array.isArray(tools)) return undefined;
  const seen = new Set<string>();
  for (const name of tools) {
    if (typeof name !== "string" || !TOOL_NAME.test(name) || seen.has(name)) return undefined;
    seen.add(name);
  }
  return { tools: [...seen] };
}

function invalid(a: Record<string, unknown>): SandboxAnswer | undefined {
  const { tool, name, problem } = a;
  if (!Number.isSafeInteger(tool) || (tool as number) < 0 || typeof problem !== "string" || !PROBLEMS.has(problem)) return undefined;
  if (name !== undefined && !isText(name)) return undefined;
  return { kind: "invalid", tool: tool as number, ...(name !== undefined && { name }), problem: problem as Problem };
}
