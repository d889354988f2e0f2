// The defaults are set once, in DEFAULTS (src/config/types.ts). The `@default` tags of SkillcConfig
// (what users read in their editor) and `skillc init`'s config are checked against it here.
import { readFileSync } from "node:fs";
import path from "node:path";
import { runInNewContext } from "node:vm";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { DEFAULTS, resolveDefaults, type SkillcConfig } from "../../../src/config/types.js";
import { defaultConfig } from "../../../src/commands/init.js";

const FILE = path.join(import.meta.dirname, "../../..", "src", "config", "types.ts");

/** Every `@default` under `interface SkillcConfig`, by dotted option path, as written. */
function documentedDefaults(text: string): Map<string, string> {
  const source = ts.createSourceFile(FILE, text, ts.ScriptTarget.Latest, true);
  const found = new Map<string, string>();
  const members = (node: ts.Node, prefix: string): void => {
    node.forEachChild((m) => {
      if (!ts.isPropertySignature(m) || !ts.isIdentifier(m.name)) return;
      const key = prefix + m.name.text;
      for (const tag of ts.getJSDocTags(m)) {
        if (tag.tagName.text === "default") found.set(key, ts.getTextOfJSDocComment(tag.comment)!.trim());
      }
      if (m.type && ts.isTypeLiteralNode(m.type)) members(m.type, key + ".");
    });
  };
  source.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node) && node.name.text === "SkillcConfig") members(node, "");
  });
  return found;
}

/** A config holding only `value` at the dotted `key`. */
function only(key: string, value: unknown): SkillcConfig {
  const config: Record<string, unknown> = {};
  const parts = key.split(".");
  let at = config;
  for (const p of parts.slice(0, -1)) at = (at[p] = {}) as Record<string, unknown>;
  at[parts.at(-1)!] = value;
  return config as SkillcConfig;
}

/** The leaves of DEFAULTS (nested objects walked; arrays, `budget` and `permissions` taken whole), as dotted paths. */
function leaves(value: object, prefix = ""): string[] {
  return Object.entries(value).flatMap(([k, v]) =>
    v && typeof v === "object" && !Array.isArray(v) && k !== "budget" && k !== "permissions" && Object.keys(v).length > 0 ? leaves(v, prefix + k + ".") : [prefix + k],
  );
}

describe("config defaults: one source", () => {
  const documented = documentedDefaults(readFileSync(FILE, "utf8"));

  it("every option of DEFAULTS has an @default in SkillcConfig, and only those", () => {
    expect([...documented.keys()].sort()).toEqual(leaves(DEFAULTS).sort());
  });

  it("each @default, written in a config, resolves as the empty config does", () => {
    const empty = resolveDefaults("/project", {});
    for (const [key, text] of documented) {
      // JSDoc cannot hold "*/": globs are written "**\/*" there.
      const value: unknown = runInNewContext(`(${text.replace(/\\\//g, "/")})`);
      expect(resolveDefaults("/project", only(key, value)), `@default of ${key}: ${text}`).toEqual(empty);
    }
  });

  it("skillc init writes exactly DEFAULTS, and it resolves as the empty config does", () => {
    expect(defaultConfig()).toEqual(DEFAULTS);
    expect(resolveDefaults("/project", defaultConfig())).toEqual(resolveDefaults("/project", {}));
    // A fresh copy each time: a caller that edits it never changes DEFAULTS.
    const config = defaultConfig();
    config.files!.include!.push("x");
    expect(DEFAULTS.files.include).toEqual(["**/*"]);
  });
});
