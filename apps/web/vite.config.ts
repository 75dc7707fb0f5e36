import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The Fastify server serves dist/ in production with a strict CSP (script-src 'self'), so the build
// must not emit inline scripts; in development the API and branding files come through the proxy.
const API_ORIGIN = "http://localhost:3000";

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    rollupOptions: {
      output: {
        // Long-lived vendor chunks change less often than the app code, so browsers keep them cached.
        manualChunks(id) {
          if (!id.includes("node_modules")) return undefined;
          if (id.includes("@mantine")) return "mantine";
          if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return "react";
          if (/node_modules\/(zod|react-hook-form|@hookform)\//.test(id)) return "forms";
          return "vendor";
        },
      },
    },
  },
  server: {
    proxy: {
      "/api": API_ORIGIN,
      "/branding": API_ORIGIN,
    },
  },
});
