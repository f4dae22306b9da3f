#!/usr/bin/env node
/**
 * `npm test`: the documents' checks (the architecture map is true, links hold, the OpenAPI document matches the routes), then
 * type-check, then the unit suites, then the integration suites (real Medusa on
 * PostgreSQL), with NP_E2E=1 also the browser tests (npm run test:e2e: a demo store and Chromium),
 * then one closing line `tests: N passed, N failed` over all of them, after the time each phase took
 * (also written to .cache/test-results/phases.tsv, which .ci/run prints with its own phases).
 * Arguments are passed to jest, e.g. `npm test -- -t "pickup"`. NP_TEST_ONLY=checks runs the
 * documents' checks alone (seconds).
 */
const { spawnSync } = require("node:child_process")
const fs = require("node:fs")
const path = require("node:path")

const root = path.resolve(__dirname, "..")
const resultsDir = path.join(root, ".cache", "test-results")
fs.mkdirSync(resultsDir, { recursive: true })
const extraArgs = process.argv.slice(2)
const phasesFile = path.join(resultsDir, "phases.tsv")
fs.rmSync(phasesFile, { force: true })
const phases = []

function step(title, command, args, env = {}) {
  process.stdout.write(`\n=== ${title}\n`)
  const started = process.hrtime.bigint()
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, ...env },
  })
  const seconds = Math.round(Number(process.hrtime.bigint() - started) / 1e9)
  phases.push({ title, seconds })
  fs.appendFileSync(phasesFile, `${title}\t${seconds}\n`)
  return result.status === 0
}

function jest(testType, jestArgs, { inBand = true } = {}) {
  const outputFile = path.join(resultsDir, `${testType.replace(":", "-")}.json`)
  fs.rmSync(outputFile, { force: true })
  const ok = step(
    `jest (${testType})`,
    "npx",
    ["jest", inBand ? "--runInBand" : "--maxWorkers=2", "--forceExit", "--json", `--outputFile=${outputFile}`, ...jestArgs, ...extraArgs],
    // In band, one process boots a Medusa app per integration spec file and keeps what each leaves
    // behind: with 22 files it passed V8's default heap of about 4 GB (CI: out of memory in the
    // last files). 8 GB of the machine's 24 leaves the test process room to the end.
    { TEST_TYPE: testType, NODE_OPTIONS: "--experimental-vm-modules --max-old-space-size=8192" }
  )
  const report = fs.existsSync(outputFile) ? JSON.parse(fs.readFileSync(outputFile, "utf8")) : null
  return {
    ok: ok && report !== null && report.success,
    passed: report?.numPassedTests ?? 0,
    // A suite that fails to run (syntax error, failed boot) has no failed tests but is a failure.
    failed: (report?.numFailedTests ?? 0) + (report?.numRuntimeErrorTestSuites ?? 0) + (report ? 0 : 1),
    skipped: (report?.numPendingTests ?? 0) + (report?.numTodoTests ?? 0),
  }
}

// Fast, and a failure fails the run: every relative link and anchor of the documents leads
// somewhere, and openapi/nordic-parcel.openapi.json has one entry per route and method, as the
// routes and their validators give it.
const checks = [
  // Every path ARCHITECTURE.md names exists, every folder of src/ is in its code map, and it keeps to its length.
  step("architecture map", "node", ["scripts/check-architecture.js"]),
  step("links in the documents", "node", ["scripts/check-links.js"]),
  step("OpenAPI vs the routes", "node", ["-r", "@swc-node/register", "scripts/openapi.js", "--check"]),
]
const checksFailed = checks.filter((ok) => !ok).length
if (process.env.NP_TEST_ONLY === "checks") {
  process.stdout.write(`\nchecks: ${checks.length - checksFailed} passed, ${checksFailed} failed\n`)
  process.exit(checksFailed ? 1 : 0)
}

// After .ci/run's `npm run build` of this tree (NP_PACKAGE_BUILT=1), the server and storefront
// programs have just been compiled without an error: only the other two are checked here.
const typecheckOk =
  process.env.NP_PACKAGE_BUILT === "1"
    ? step("typecheck (dev: src and tests)", "npx", ["tsc", "--noEmit", "-p", "tsconfig.dev.json"]) &&
      step("typecheck (admin)", "npx", ["tsc", "--noEmit", "-p", "src/admin/tsconfig.json"])
    : step("typecheck", "npm", ["run", "--silent", "typecheck"])
// The unit files share nothing (each starts its own carrier sandbox on a free port): two workers
// use both cores of a CI machine. The integration and browser files run one at a time: each boots
// Medusa processes that would compete for the cores their timings allow for.
const runs = [jest("unit", [], { inBand: false }), jest("integration:http", ["--silent=false"])]
if (process.env.NP_E2E === "1") {
  runs.push(jest("e2e", []))
}

const total = runs.reduce(
  (sum, r) => ({ passed: sum.passed + r.passed, failed: sum.failed + r.failed, skipped: sum.skipped + r.skipped }),
  { passed: 0, failed: checksFailed + (typecheckOk ? 0 : 1), skipped: 0 }
)
const ok = checksFailed === 0 && typecheckOk && runs.every((r) => r.ok)
process.stdout.write(`\ntime per phase (s):\n`)
for (const { title, seconds } of phases) process.stdout.write(`  ${title.padEnd(26)} ${String(seconds).padStart(6)}\n`)
process.stdout.write(`\ntests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped\n`)
process.exit(ok ? 0 : 1)
