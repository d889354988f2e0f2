// A static web host on 127.0.0.1 for publish/import tests: serves a folder as a site's root, with
// the content types the discovery RFC asks for, and lets a test replace any path's answer (to
// tamper with bytes, redirect, or fail). Every request is logged.
import { readFileSync, statSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

export type Override = (req: http.IncomingMessage, res: http.ServerResponse) => void;

export interface StaticServer {
  /** "http://127.0.0.1:<port>" */
  origin: string;
  /** Request paths in arrival order. */
  log: string[];
  /** Answers `pathname` with `handler` instead of the file. */
  override(pathname: string, handler: Override): void;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = { ".json": "application/json", ".md": "text/markdown", ".gz": "application/gzip", ".zip": "application/zip" };

export async function serveFolder(root: string): Promise<StaticServer> {
  const log: string[] = [];
  const overrides = new Map<string, Override>();
  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    log.push(pathname);
    const handler = overrides.get(pathname);
    if (handler) return handler(req, res);
    const file = path.join(root, ...pathname.split("/").filter((s) => s && s !== ".."));
    try {
      if (!statSync(file).isFile()) throw new Error("not a file");
      const body = readFileSync(file);
      res.writeHead(200, { "content-type": TYPES[path.extname(file)] ?? "application/octet-stream", "content-length": body.length });
      res.end(req.method === "HEAD" ? undefined : body);
    } catch {
      res.writeHead(404, { "content-type": "text/plain" });
      res.end("not found");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    log,
    override: (pathname, handler) => void overrides.set(pathname, handler),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
