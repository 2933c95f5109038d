/**
 * Import boundaries of DESIGN.md §3: web -> domain, i18n; api -> domain, i18n; domain -> zod only; rksv -> node
 * builtins only, and only the server side uses it.
 */
module.exports = {
  forbidden: [
    {
      name: "domain-imports-only-zod",
      comment:
        "packages/domain is isomorphic: zod and its own files only (no node:, no DB, no DOM libraries).",
      severity: "error",
      from: { path: "^packages/domain/", pathNot: "\\.test\\.ts$" },
      to: { pathNot: ["^packages/domain/", "node_modules/zod/"] },
    },
    {
      name: "domain-tests-import-only-zod-and-fast-check",
      comment: "The domain's tests: what the domain may import, and fast-check for property tests.",
      severity: "error",
      from: { path: "^packages/domain/.*\\.test\\.ts$" },
      to: { pathNot: ["^packages/domain/", "node_modules/zod/", "node_modules/fast-check/"] },
    },
    {
      name: "rksv-imports-only-node",
      comment:
        "packages/rksv (the RKSV receipt engine) is pure server code on node:crypto: its own files and Node's " +
        "builtins only (tests may use vitest).",
      severity: "error",
      from: { path: "^packages/rksv/" },
      to: {
        dependencyTypesNot: ["core"],
        pathNot: ["^packages/rksv/", "node_modules/vitest/"],
      },
    },
    {
      name: "domain-and-web-never-import-rksv",
      comment:
        "The receipt engine signs with keys and runs on node:crypto: neither the isomorphic domain nor the browser " +
        "may reach it.",
      severity: "error",
      from: { path: "^(packages/domain|apps/web)/" },
      to: { path: "^packages/rksv/" },
    },
    {
      name: "erechnung-imports-only-domain-and-its-parsers",
      comment:
        "packages/erechnung (the EN 16931 model, serializers, reader and rules) is pure server code: its own files, " +
        "the domain (exact decimals, codes), the XML parser and Node's builtins (tests may use vitest).",
      severity: "error",
      from: { path: "^packages/erechnung/" },
      to: {
        dependencyTypesNot: ["core"],
        pathNot: [
          "^packages/erechnung/",
          "^packages/domain/",
          "node_modules/fast-xml-parser/",
          "node_modules/vitest/",
        ],
      },
    },
    {
      name: "domain-and-web-never-import-erechnung",
      comment:
        "The e-invoice writer and reader run on the server; the browser gets the formats' codes from the domain.",
      severity: "error",
      from: { path: "^(packages/domain|apps/web)/" },
      to: { path: "^packages/erechnung/" },
    },
    {
      name: "web-never-imports-api",
      severity: "error",
      from: { path: "^apps/web/" },
      to: { path: "^apps/api/" },
    },
    {
      name: "api-never-imports-web",
      severity: "error",
      from: { path: "^apps/api/" },
      to: { path: "^apps/web/" },
    },
    {
      name: "web-components-never-import-features",
      comment:
        "apps/web/src/components holds generic pieces every area may use; area code (features/) builds on them, " +
        "never the other way round.",
      severity: "error",
      from: { path: "^apps/web/src/components/" },
      to: { path: "^apps/web/src/features/" },
    },
    {
      name: "api-lower-layers-never-import-modules",
      comment:
        "apps/api layers: http/, db/, security/ and mail/ are the infrastructure every module stands on; they never " +
        "reach up into modules/ (start-up data that saves through module repositories lives in setup/).",
      severity: "error",
      from: { path: "^apps/api/src/(http|db|security|mail)/", pathNot: "\\.test\\.ts$" },
      to: { path: "^apps/api/src/modules/" },
    },
    {
      name: "i18n-is-data",
      comment: "packages/i18n holds translations and their types; it imports nothing but its own files.",
      severity: "error",
      from: { path: "^packages/i18n/src/" },
      to: { dependencyTypesNot: ["core"], pathNot: ["^packages/i18n/", "node_modules/vitest/"] },
    },
    {
      name: "no-circular",
      severity: "error",
      from: {},
      // A cycle only through `import type` does not exist at run time (schema types in rules, rules in schemas).
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["dist", "test-results"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.base.json" },
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default"],
    },
  },
};
