import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { "/api": { target: "http://127.0.0.1:8080", changeOrigin: true } },
  },
  preview: {
    proxy: { "/api": { target: "http://127.0.0.1:8080", changeOrigin: true } },
  },
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
