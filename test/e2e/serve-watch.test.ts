// `skillc serve --watch`: a change to the skills rebuilds, the connected client is told
// (resources, tools and prompts list_changed) and then sees the new skills and digests.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { PromptListChangedNotificationSchema, ResourceListChangedNotificationSchema, ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { tempProject } from "../helpers/project.js";
import { CLI } from "../helpers/cli.js";
import { listSkills, newClient, readBytes, sha256, startHttpServe } from "../helpers/mcp.js";

const stops: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const stop of stops.reverse()) await stop();
});

const md = (version: string) => `---\nname: alpha\ndescription: The ${version} version of alpha.\n---\n\n# Alpha\n\nDo the alpha thing.\n`;

/** Resolves when `check` holds, polling; fails after a generous deadline (a rebuild is one debounced build). */
async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe("skillc serve --watch", () => {
  it("rebuilds on a change, notifies the client, and serves the new skills", async () => {
    const dir = tempProject({ "skills/alpha/SKILL.md": md("first") });
    const serving = await startHttpServe(["--watch"], dir);
    stops.push(serving.stop);
    const client = newClient();
    const seen: string[] = [];
    client.setNotificationHandler(ResourceListChangedNotificationSchema, () => void seen.push("resources"));
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => void seen.push("tools"));
    client.setNotificationHandler(PromptListChangedNotificationSchema, () => void seen.push("prompts"));
    await client.connect(new StreamableHTTPClientTransport(serving.url));
    stops.push(() => client.close());
    expect(client.getServerCapabilities()).toMatchObject({ resources: { listChanged: true }, tools: { listChanged: true }, prompts: { listChanged: true } });
    const before = (await listSkills(client)).items;
    expect(before.map((s) => s.frontmatter.description)).toEqual(["The first version of alpha."]);

    const alpha = md("second");
    writeFileSync(path.join(dir, "skills/alpha/SKILL.md"), alpha);
    await until(() => ["resources", "tools", "prompts"].every((k) => seen.includes(k)), "list_changed notifications");
    const after = (await listSkills(client)).items;
    expect(after.map((s) => s.frontmatter.description)).toEqual(["The second version of alpha."]);
    expect(after[0]!.resources[0]!.digest).toBe("sha256:" + sha256(alpha));
    expect(after[0]!.resources[0]!.digest).not.toBe(before[0]!.resources[0]!.digest);
    expect((await readBytes(client, "skill://alpha/SKILL.md")).text).toBe(alpha);
    expect((await client.listPrompts()).prompts.map((p) => p.description)).toEqual(["The second version of alpha."]);

    // A rebuild with an error serves nothing new: the previous build stays, and no notification comes.
    seen.length = 0;
    writeFileSync(path.join(dir, "skills/alpha/SKILL.md"), "---\nname: [unclosed\n---\nbody\n");
    await until(() => /nothing served; \d+ warnings?, 1 error/.test(serving.stderr()), "the failed rebuild's report");
    expect((await listSkills(client)).items.map((s) => s.frontmatter.description)).toEqual(["The second version of alpha."]);
    expect(seen).toEqual([]);
  }, 180_000);

  it("over stdio too: the client hears list_changed on its stdout channel", async () => {
    const dir = tempProject({ "skills/alpha/SKILL.md": md("first") });
    const client = newClient();
    const seen: string[] = [];
    client.setNotificationHandler(ResourceListChangedNotificationSchema, () => void seen.push("resources"));
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, "serve", "--watch"], cwd: dir, stderr: "ignore", env: { PATH: process.env.PATH!, NO_COLOR: "1" } }));
    stops.push(() => client.close());
    writeFileSync(path.join(dir, "skills/alpha/SKILL.md"), md("third"));
    await until(() => seen.includes("resources"), "resources/list_changed");
    expect((await listSkills(client)).items.map((s) => s.frontmatter.description)).toEqual(["The third version of alpha."]);
  }, 180_000);
});
