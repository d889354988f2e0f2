// A fetch handler (Workers, Deno, Bun, Node): GET / answers the same summary as JSON.
import { summary } from "./app";

export default {
  async fetch(_request: Request): Promise<Response> {
    return new Response(JSON.stringify(await summary()), { headers: { "content-type": "application/json" } });
  },
};
