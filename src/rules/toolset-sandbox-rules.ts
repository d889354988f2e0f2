import { defineRule, type AnyRule } from "../diagnostics/rule.js";

// Rules of the toolset confinement (src/toolsets/confine.ts) and of the build's sandboxed evaluation
// (src/toolsets/sandbox.ts). Diagnostics sit on the `toolsets` entry in the SKILL.md frontmatter.

export const TOOLSET_IMPORT_REFUSED = defineRule<{ spec: string; at: string; text: string }>({
  id: "toolset-import-refused",
  severity: "error",
  description:
    "A toolset imports something outside its skill folder (an absolute path, a path out of the folder, a symlink pointing out, /proc, /dev), " +
    "a FIFO, socket, device or directory, or more bytes than a toolset may bundle.",
  help:
    "A toolset bundles only files inside its skill folder and installed packages (node_modules of the skill folder or a folder above it), " +
    "regular files only, at most 5 MB per `toolsets` entry. Move the file into the skill folder, or install the package.",
  message: ({ spec, at, text }) => `Toolset "${spec}": ${at}${text}. Nothing outside the skill was read.`,
});

export const TOOLSET_SANDBOX_FAILED = defineRule<{ kind: "answer"; spec: string } | { kind: "start"; spec: string; detail: string }>({
  id: "toolset-sandbox-failed",
  severity: "error",
  description: "The build could not start the sandboxed process that evaluates toolsets, so their tools could not be checked.",
  help:
    "skillc build evaluates toolset code in a separate `node` process under Node's permission model. It needs the Node.js running skillc " +
    "(20 or later) to be able to start itself again; the message says what went wrong.",
  message: (p) =>
    p.kind === "answer"
      ? `Toolset "${p.spec}": the sandboxed check gave an answer skillc does not understand. Please report this.`
      : `Toolset "${p.spec}" could not be checked: the sandboxed process that evaluates toolsets did not start (${p.detail}).`,
});

/** Registered by src/diagnostics/registry.ts. */
export const TOOLSET_SANDBOX_RULES: AnyRule[] = [TOOLSET_IMPORT_REFUSED, TOOLSET_SANDBOX_FAILED];
