import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/**
 * What every visit loads anyway goes into one "boot" chunk (better compression, fewer requests than a dozen
 * small shared chunks): React, the router, i18next, Mantine's core and the app's own start-up modules. Lazy
 * screens keep their own chunks. Measured by scripts/bundle-budget.ts.
 */
const BOOT = [
  /[\\/]node_modules[\\/](react|react-dom|scheduler|i18next|react-i18next|use-sync-external-store|clsx)[\\/]/,
  /[\\/]node_modules[\\/]@tanstack[\\/](react-router|router-core|history|store|react-store)[\\/]/,
  /[\\/]node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]core[\\/]/,
  /[\\/]apps[\\/]web[\\/]src[\\/](main\.tsx|app[\\/](api|i18n|paths|router|session|theme)\.tsx?)$/,
  /[\\/]packages[\\/]i18n[\\/]src[\\/](languages|load)\.ts$/,
];

/** Served by the API process under /app/ (DESIGN §1); in dev, Vite proxies the API to a local server. */
export default defineConfig({
  base: "/app/",
  plugins: [react()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    sourcemap: false,
    manifest: true, // read by scripts/bundle-budget.ts
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: "boot", test: (id: string) => BOOT.some((pattern) => pattern.test(id)) }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      "/app/api": { target: "http://localhost:8080", changeOrigin: false },
    },
  },
  preview: { port: 4173 },
});
