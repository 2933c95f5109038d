// Compiles the API for production (npm run build:api): apps/api/src/server.ts (and the entries of its worker threads,
// WORKERS) and the workspace packages it imports
// (@kontor/*, TypeScript sources) into ES modules in apps/api/dist — server.js, plus a chunk per module that is
// loaded with `await import()` (apps/api/src/lazy.ts) — with source maps. Packages from node_modules stay external
// and are loaded by Node at run time. Files the server reads at run time (migrations, the web app, package.json) are
// found through apps/api/src/paths.ts, which works from src/ and from dist/ alike (every file of dist/ is at its top).
// The build fails when an external package is not reachable from dist/, or a heavy library (HEAVY) would be loaded
// at start again.
import { existsSync, rmSync } from "node:fs";
import { isBuiltin } from "node:module";
import path from "node:path";
import { build } from "esbuild";

const apiDir = path.resolve(import.meta.dirname, "..");
const outdir = path.join(apiDir, "dist");

/** Loaded on first use only (issue 20): a static import of one of these by the start-up code fails the build. */
const HEAVY = [
  "exceljs",
  "sharp",
  "pdfmake",
  "pdfkit",
  "pdf-lib",
  "qrcode",
  "nodemailer",
  "jsdom",
  "dompurify",
  "fast-xml-parser",
];

/** Worker thread entries below src/ (apps/api/src/worker/pool.ts): each becomes dist/<name>.js beside server.js. */
const WORKERS = ["modules/belegausgabe/pdf.worker.ts"];

/** Bare imports stay external, except the workspace packages: they export .ts files that Node cannot load. */
const nodeModulesExternal = {
  name: "node-modules-external",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith("@kontor/") ? undefined : { path: args.path, external: true },
    );
  },
};

function packageName(specifier) {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

/** Whether Node, resolving from `from`, finds the package (a dependency only a workspace package lists may not). */
function reachable(name, from) {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "node_modules", name))) return true;
    if (dir === path.dirname(dir)) return false;
  }
}

function fail(message) {
  console.error(`build:api: ${message}`);
  process.exit(1);
}

rmSync(outdir, { recursive: true, force: true });
const { metafile } = await build({
  // The server, and the entries of its worker threads (src/paths.ts `workerEntry`: dist/<name>.js).
  entryPoints: [
    path.join(apiDir, "src/server.ts"),
    ...WORKERS.map((worker) => path.join(apiDir, "src", worker)),
  ],
  outdir,
  entryNames: "[name]",
  chunkNames: "[name]-[hash]",
  // Without splitting, the imports of a lazily loaded module (the e-invoice reader's fast-xml-parser) would be
  // hoisted into server.js and loaded at start.
  splitting: true,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  // Keeps the names in stack traces and in logged errors (class names such as ProblemError) as they are in src.
  keepNames: true,
  metafile: true,
  logLevel: "warning",
  plugins: [nodeModulesExternal],
});
const { outputs } = metafile;

const missing = new Set();
for (const output of Object.values(outputs)) {
  for (const { path: specifier, external } of output.imports) {
    if (external && !isBuiltin(specifier) && !reachable(packageName(specifier), outdir))
      missing.add(specifier);
  }
}
if (missing.size > 0) fail(`not installed where dist/ can load them: ${[...missing].join(", ")}`);

// What Node loads at start: server.js and the chunks it imports statically, transitively.
const entry = Object.keys(outputs).find((file) => file.endsWith("/server.js"));
const atStart = new Set([entry]);
const heavyAtStart = new Set();
for (const file of atStart) {
  for (const { path: imported, kind, external } of outputs[file].imports) {
    if (kind === "dynamic-import") continue;
    if (!external) atStart.add(imported);
    else if (HEAVY.includes(packageName(imported))) heavyAtStart.add(imported);
  }
}
if (heavyAtStart.size > 0)
  fail(`loaded at start, allowed on first use only (apps/api/src/lazy.ts): ${[...heavyAtStart].join(", ")}`);

const kb = (files) => Math.round(files.reduce((sum, file) => sum + outputs[file].bytes, 0) / 1024);
const lazy = Object.keys(outputs).filter((file) => file.endsWith(".js") && !atStart.has(file));
console.log(
  `build:api: ${entry} and ${atStart.size - 1} chunks at start (${kb([...atStart])} KB), ` +
    `${lazy.length} chunks on first use (${kb(lazy)} KB)`,
);
