// The yardstick: the smallest Hono app on @hono/node-server, in its own process like the real server.
import { serve } from "@hono/node-server";
import { Hono } from "hono";

const app = new Hono();
app.get("/x", (c) => c.json({ ok: true }));
const server = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 }, (info) => {
  process.stdout.write(`READY ${info.port}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
