import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

/**
 * What every visit loads anyway goes into one "boot" chunk (better compression, fewer requests than a dozen
 * small shared chunks): React, i18next, Mantine's core and the app's own start-up modules. Lazy screens keep
 * their own chunks. Measured by scripts/bundle-budget.ts.
 */
const BOOT = [
  /[\\/]node_modules[\\/](react|react-dom|scheduler|i18next|react-i18next|clsx)[\\/]/,
  /[\\/]node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]core[\\/]/,
  /[\\/]apps[\\/]web[\\/]src[\\/](main\.tsx|app[\\/](api|i18n|loginFirst|paths|session|theme)\.tsx?)$/,
  /[\\/]packages[\\/]i18n[\\/]src[\\/](languages|load)\.ts$/,
];

/**
 * The router and what it brings (~35 KB gzip): one chunk that every visit loads right after the boot chunk,
 * except a direct one to the login page, which shows first (src/app/loginFirst.tsx, DESIGN §9 login budget).
 */
const ROUTER = [
  /[\\/]node_modules[\\/]@tanstack[\\/](react-router|router-core|history|store|react-store)[\\/]/,
  /[\\/]node_modules[\\/]use-sync-external-store[\\/]/,
];

/**
 * The form basics: the login's first screen and nearly every other screen use them. As one chunk they compress
 * better than the dozen small shared chunks the bundler would otherwise cut them into (DESIGN §9 login budget).
 */
const FORMS = [
  /[\\/]node_modules[\\/]@mantine[\\/]form[\\/]/,
  /[\\/]node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](Input|InputBase|TextInput|PasswordInput|Alert|Paper|ActionIcon|Button|CloseButton|Loader|UnstyledButton|Group|Stack|Center|Anchor|Title|Text)[\\/]/,
  /[\\/]node_modules[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-(uncontrolled|id|merged-ref)[\\/]/,
  /[\\/]apps[\\/]web[\\/]src[\\/]components[\\/](LanguageSwitch\.tsx|problemMessage\.ts)$/,
];

/**
 * Popovers and what floats (floating-ui, focus trap, portal, scroll area): shared by the shell's menus and most
 * screens' selects and dialogs. One chunk keeps the bundler from cutting them differently per screen set.
 */
const OVERLAYS = [
  /[\\/]node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](Popover|FocusTrap|Portal|Overlay|ScrollArea|VisuallyHidden)[\\/]/,
  /[\\/]node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]Checkbox[\\/]CheckIcon/,
  /[\\/]node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]utils[\\/]Floating[\\/]/,
  /[\\/]node_modules[\\/]@floating-ui[\\/]/,
  /[\\/]node_modules[\\/]@mantine[\\/]hooks[\\/]esm[\\/](use-click-outside|use-long-press|use-focus-return|use-focus-trap|use-debounced-callback|utils[\\/]use-callback-ref)[\\/]/,
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
      // Also called after a failed build, when nothing was written: let the build's own error show.
      if (!existsSync(outDir)) return;
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

/** The screens and modules the app shell needs to start offline (login, shell, home); everything else is cached on use. */
const SHELL_SOURCES = [
  "src/features/login/LoginPage.tsx",
  "src/features/login/LoginRoute.tsx",
  "src/features/login/login.actions.ts",
  "src/app/startRouter.tsx",
  "src/app/Shell.tsx",
  "src/features/home/HomePage.tsx",
  "src/features/fallback/FallbackPage.tsx",
  "src/app/pwa.ts",
  "src/components/feedback/NotificationsContainer.tsx",
];
const SHELL_TEXTS = /locales\/(de|en)\/(common|shell|menu|login|home|errors|validation)\.json$/;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
  assets?: string[];
}

/**
 * Completes public/sw.js in the build: the list of files to precache (the app shell, from Vite's manifest) and a
 * build id derived from every built file name (content-hashed) and index.html. Any change to the app therefore
 * changes sw.js, which makes browsers install the new worker and the page offer the update (src/app/pwa.ts).
 */
function serviceWorker(): Plugin {
  let outDir = "dist";
  let base = "/";
  return {
    name: "kontor:service-worker",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      base = config.base;
    },
    closeBundle() {
      const swFile = path.join(outDir, "sw.js");
      const manifestFile = path.join(outDir, ".vite", "manifest.json");
      if (!existsSync(swFile) || !existsSync(manifestFile)) return;
      const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Record<string, ManifestChunk>;
      const files = new Set<string>();
      const visit = (key: string) => {
        const chunk = manifest[key];
        if (!chunk || files.has(chunk.file)) return;
        files.add(chunk.file);
        for (const css of chunk.css ?? []) files.add(css);
        for (const asset of chunk.assets ?? []) files.add(asset);
        for (const next of chunk.imports ?? []) visit(next);
      };
      for (const [key, chunk] of Object.entries(manifest)) {
        const shellSource = SHELL_SOURCES.some((source) => key.endsWith(source));
        if (chunk.isEntry || shellSource || SHELL_TEXTS.test(key)) visit(key);
      }
      const publicFiles = ["index.html", "manifest.webmanifest", "favicon.svg"];
      const iconDir = path.join(outDir, "icons");
      if (existsSync(iconDir)) for (const icon of readdirSync(iconDir)) publicFiles.push(`icons/${icon}`);
      const precache = [...publicFiles, ...[...files].sort()].map((file) => `${base}${file}`);

      const hash = createHash("sha256");
      hash.update(readFileSync(path.join(outDir, "index.html")));
      for (const file of readdirSync(path.join(outDir, "assets")).sort()) hash.update(`${file}\n`);
      hash.update(precache.join("\n"));
      const build = hash.digest("hex").slice(0, 16);

      const template = readFileSync(swFile, "utf8");
      const filled = template
        .replace(/^const BUILD = .*;$/m, `const BUILD = ${JSON.stringify(build)};`)
        .replace(/^const PRECACHE = .*;$/m, `const PRECACHE = ${JSON.stringify(precache)};`);
      if (filled === template) throw new Error("kontor:service-worker: sw.js lacks the BUILD/PRECACHE lines");
      writeFileSync(swFile, filled);
    },
  };
}

/** Served by the API process under /app/ (DESIGN §1); in dev, Vite proxies the API to a local server. */
export default defineConfig({
  base: "/app/",
  plugins: [react(), serviceWorker(), precompress()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    sourcemap: false,
    manifest: true, // read by scripts/bundle-budget.ts
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: "boot", test: (id: string) => BOOT.some((pattern) => pattern.test(id)) },
            { name: "router", test: (id: string) => ROUTER.some((pattern) => pattern.test(id)) },
            { name: "forms", test: (id: string) => FORMS.some((pattern) => pattern.test(id)) },
            { name: "overlays", test: (id: string) => OVERLAYS.some((pattern) => pattern.test(id)) },
            // zod whole: otherwise its date/coerce helpers become extra tiny chunks on every edit screen.
            { name: "zod", test: (id: string) => /[\\/]node_modules[\\/]zod[\\/]/.test(id) },
          ],
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
