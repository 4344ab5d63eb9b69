import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** One JSON-RPC call of a request body (a body holds one or a batch). */
export type RpcCall = { id: number; method: string; params?: unknown[] };

/**
 * A JSON-RPC proxy in front of `target` for tests that need the node to misbehave in one exact
 * way: every request is forwarded, and `reply` turns the upstream's answer into the one sent back
 * (it may also wait, or change the chain, before it returns).
 */
export async function startRpcProxy(target: string, reply: (calls: RpcCall[], upstream: string) => Promise<string>) {
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString();
    const upstream = await fetch(target, { method: "POST", headers: { "content-type": "application/json" }, body });
    const calls = [JSON.parse(body) as RpcCall | RpcCall[]].flat();
    const text = await reply(calls, await upstream.text());
    res.writeHead(200, { "content-type": "application/json" }).end(text);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
