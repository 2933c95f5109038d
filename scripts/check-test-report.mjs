#!/usr/bin/env node
// Fails when a vitest run silently tested nothing: a required project without passed tests, or a test file whose
// tests were all skipped. Usage: check-test-report.mjs <vitest-json-report> <project>...
import { readFileSync } from "node:fs";
import path from "node:path";

const [reportFile, ...projects] = process.argv.slice(2);
const PROJECT_ROOTS = {
  domain: "packages/domain/",
  i18n: "packages/i18n/",
  rksv: "packages/rksv/",
  erechnung: "packages/erechnung/",
  api: "apps/api/",
  web: "apps/web/",
  bench: "bench/",
};
const report = JSON.parse(readFileSync(reportFile, "utf8"));
const root = process.cwd() + path.sep;
const problems = [];
const passedPerProject = Object.fromEntries(projects.map((p) => [p, 0]));

for (const file of report.testResults ?? []) {
  const relative = file.name.startsWith(root) ? file.name.slice(root.length) : file.name;
  const statuses = file.assertionResults.map((a) => a.status);
  const passed = statuses.filter((s) => s === "passed").length;
  if (statuses.length === 0 || passed === 0)
    problems.push(`${relative}: no test ran (${statuses.join(", ") || "empty"})`);
  for (const project of projects) {
    if (relative.startsWith(PROJECT_ROOTS[project])) passedPerProject[project] += passed;
  }
}
for (const [project, passed] of Object.entries(passedPerProject)) {
  if (!PROJECT_ROOTS[project]) problems.push(`unknown project ${project}`);
  else if (passed === 0) problems.push(`project ${project}: no passed tests`);
}
if (!report.success) problems.push("the vitest run did not succeed");

if (problems.length > 0) {
  console.error(`Test report check failed:\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
const summary = Object.entries(passedPerProject)
  .map(([p, n]) => `${p} ${n}`)
  .join(", ");
console.log(
  `Test report check: ${report.numPassedTests} passed (${summary}), ${report.numPendingTests} skipped on purpose.`,
);
