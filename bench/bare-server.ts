/**
 * The ceiling for `npm run bench:service`: a bare `node:http` server that answers each benchmarked
 * path with the bytes the service sent for it, read once at start. Nothing else runs per request.
 * Usage: bare-server.ts <manifest.json>, where the manifest maps a request URL to a file of bytes.
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

const manifest = JSON.parse(readFileSync(process.argv[2]!, "utf8")) as Record<string, string>;
const bodies = new Map(Object.entries(manifest).map(([url, file]) => [url, readFileSync(file)]));

const server = createServer((request, response) => {
  const body = bodies.get(request.url ?? "");
  if (!body) return response.writeHead(404).end();
  response.writeHead(200, { "content-type": "application/json", "cache-control": "no-store", "content-length": body.length }).end(body);
});
server.listen(0, "127.0.0.1", () => console.log(`listening on http://127.0.0.1:${(server.address() as AddressInfo).port}`));
