// Compiles the API for production (npm run build:api): apps/api/src/server.ts and the workspace packages it imports
// (@kontor/*, TypeScript sources) into one ES module, apps/api/dist/server.js, with a source map. Packages from
// node_modules stay external and are loaded by Node at run time. Files the server reads at run time (migrations,
// the web app, package.json) are found through apps/api/src/paths.ts, which works from src/ and from dist/ alike.
import { existsSync, rmSync } from "node:fs";
import { isBuiltin } from "node:module";
import path from "node:path";
import { build } from "esbuild";

const apiDir = path.resolve(import.meta.dirname, "..");
const outdir = path.join(apiDir, "dist");

/** Bare imports stay external, except the workspace packages: they export .ts files that Node cannot load. */
const nodeModulesExternal = {
  name: "node-modules-external",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith("@kontor/") ? undefined : { path: args.path, external: true },
    );
  },
};

/** Every external package must be reachable from dist/ (a dependency only a workspace package lists may not be). */
function packageName(specifier) {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}
function reachable(name, from) {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "node_modules", name))) return true;
    if (dir === path.dirname(dir)) return false;
  }
}

rmSync(outdir, { recursive: true, force: true });
const result = await build({
  entryPoints: [path.join(apiDir, "src/server.ts")],
  outfile: path.join(outdir, "server.js"),
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

const missing = new Set();
for (const output of Object.values(result.metafile.outputs)) {
  for (const { path: specifier, external } of output.imports) {
    if (!external || isBuiltin(specifier)) continue;
    if (!reachable(packageName(specifier), outdir)) missing.add(specifier);
  }
}
if (missing.size > 0) {
  console.error(`build:api: not installed where dist/ can load them: ${[...missing].join(", ")}`);
  process.exit(1);
}
const bytes = result.metafile.outputs[path.relative(process.cwd(), path.join(outdir, "server.js"))]?.bytes;
console.log(
  `build:api: ${path.relative(process.cwd(), outdir)}/server.js${bytes ? ` (${Math.round(bytes / 1024)} KB)` : ""}`,
);
