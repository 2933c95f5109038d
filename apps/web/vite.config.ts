import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

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

/**
 * Writes a .br and a .gz next to every text asset of the build: the server (@fastify/static, preCompressed)
 * sends them to browsers that accept them, so nothing is compressed per request.
 */
function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "kontor:precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const file = path.join(dir, name);
          return statSync(file).isDirectory() ? walk(file) : [file];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json)$/.test(file) || file.includes(`${path.sep}.vite${path.sep}`)) continue;
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/** Served by the API process under /app/ (DESIGN §1); in dev, Vite proxies the API to a local server. */
export default defineConfig({
  base: "/app/",
  plugins: [react(), precompress()],
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
