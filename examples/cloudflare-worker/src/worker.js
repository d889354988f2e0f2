// A Cloudflare Worker that serves the skills compiled by `skillc build` (../../.skillc/index.js):
// no filesystem at run time, everything is in the bundle.
//
//   GET  /catalog[?format=xml|markdown|json]  the catalog prompt for a system message
//   GET  /skills                              the skills the model can see (name, description, …)
//   GET  /tools[?format=openai|anthropic|mcp] tool definitions for a model API
//   POST /tool    { "name": "load_skill", "input": { "name": "review-diff" } }  → the tool result
import { skills } from "../../../.skillc/index.js";

const json = (value, status = 200) =>
  new Response(JSON.stringify(value, null, 2) + "\n", { status, headers: { "content-type": "application/json; charset=utf-8" } });

export default {
  async fetch(request) {
    const url = new URL(request.url);
    const route = `${request.method} ${url.pathname}`;
    switch (route) {
      case "GET /catalog": {
        const format = url.searchParams.get("format") ?? undefined;
        return new Response(skills.catalog(format ? { format } : {}), { headers: { "content-type": "text/plain; charset=utf-8" } });
      }
      case "GET /skills":
        return json(skills.list());
      case "GET /tools":
        return json(skills.tools({ format: url.searchParams.get("format") ?? "openai" }));
      case "POST /tool": {
        let body;
        try {
          body = await request.json();
        } catch {
          return json({ error: 'The body must be JSON: { "name": "load_skill", "input": { "name": "…" } }.' }, 400);
        }
        if (!body || typeof body.name !== "string") return json({ error: 'The body needs a "name" (the tool name) and an "input" object.' }, 400);
        // `call` returns a Promise (a toolset tool's execute may be async): await it before serialising.
        // Tool calls never throw: a bad input comes back with isError and a message the model can act on.
        return json(await skills.call(body.name, body.input ?? {}));
      }
      default:
        return json({ error: `No route ${route}. Try GET /catalog, GET /skills, GET /tools or POST /tool.` }, 404);
    }
  },
};
