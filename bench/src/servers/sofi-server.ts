// The real product server (server/src startServer) in its own process, configured by the parent
// through the environment (CHAINS, RPC_URL_LOCAL, DEPLOYMENT_LOCAL, DATA_DIR or DATABASE_URL, ROLES).
import { startServer } from "../../../server/src/index.ts";

const server = await startServer({ port: 0, host: "127.0.0.1", log: () => {} });
process.stdout.write(`READY ${server.port}\n`);
const stop = () => {
  server.stop().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
