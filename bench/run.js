#!/usr/bin/env node
/**
 * Builds the plugin, runs a benchmark (bench/<name>.bench.ts) in a real Medusa app booted the way
 * the integration tests boot one (embedded PostgreSQL unless DATABASE_URL/DB_HOST is set), then
 * prints its figures (and the query plans a benchmark explained, .cache/bench-<name>-plans.txt);
 * the last line is one JSON object.  Usage: node bench/run.js webhooks
 */
const { spawnSync } = require("node:child_process")
const fs = require("node:fs")
const path = require("node:path")

const name = process.argv[2] ?? "webhooks"
const root = path.resolve(__dirname, "..")
const output = path.join(root, ".cache", `bench-${name}.json`)
fs.mkdirSync(path.dirname(output), { recursive: true })
const plans = path.join(root, ".cache", `bench-${name}-plans.txt`)
fs.rmSync(output, { force: true })
fs.rmSync(plans, { force: true })

// The bench app installs the built plugin, as a store does.
const build = spawnSync("npx", ["medusa", "plugin:build"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] })
if (build.status !== 0) {
  console.error("plugin build failed")
  process.exit(1)
}

const run = spawnSync("npx", ["jest", "--runInBand", "--forceExit", "--silent", `bench/${name}.bench.ts`], {
  cwd: root,
  stdio: ["ignore", "ignore", "inherit"],
  env: { ...process.env, TEST_TYPE: "bench", NODE_OPTIONS: "--experimental-vm-modules" },
})
if (!fs.existsSync(output)) {
  console.error(`benchmark ${name} produced no figures (jest exit ${run.status})`)
  process.exit(1)
}
if (fs.existsSync(plans)) {
  console.log(fs.readFileSync(plans, "utf8"))
}
const figures = JSON.parse(fs.readFileSync(output, "utf8"))
for (const [key, value] of Object.entries(figures)) {
  console.log(`${key.padEnd(22)} ${typeof value === "object" ? JSON.stringify(value) : value}`)
}
console.log(JSON.stringify(figures))
process.exit(run.status ?? 1)
