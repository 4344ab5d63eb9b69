import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The API server the dev server proxies /api to: API_URL (set by `npm run dev`), else 127.0.0.1:$PORT (default 8080).
const env = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {};
const apiTarget = env.API_URL ?? `http://127.0.0.1:${env.PORT ?? "8080"}`;
const proxy = { "/api": { target: apiTarget, changeOrigin: true } };

export default defineConfig({
  plugins: [react()],
  server: { port: Number(env.VITE_PORT ?? 5173), proxy },
  preview: { proxy },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // Our shared packages are pure modules: importing one constant from @sofi/core must not
      // pull its zod schemas and viem helpers into the first route's bundle.
      treeshake: { moduleSideEffects: [{ test: /packages[\\/](core|protocol)[\\/]src[\\/]/, sideEffects: false }] },
    },
  },
});
