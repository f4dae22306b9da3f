#!/usr/bin/env node
/**
 * `npm run size:storefront`: the gzip size of `medusa-plugin-nordic-parcel/storefront` without
 * React (React is a peer: the storefront has it already). Builds the export, then measures
 *   shipped   the ESM files as published (index.mjs + core.mjs + react.mjs), gzip -9
 *   bundled   what a storefront's bundler adds: everything imported from the export, bundled
 *             and minified with React external, gzip -9
 *   core      the same for the React-free part (client and helper, as a server action uses it)
 * Exits 1 when `bundled` is 15 kB or more. The last line is one JSON object.
 */
const path = require("node:path")
const fs = require("node:fs")
const zlib = require("node:zlib")
const { execFileSync } = require("node:child_process")
const esbuild = require("esbuild")

const LIMIT_BYTES = 15 * 1024
const root = path.resolve(__dirname, "..")
const outdir = path.join(root, ".medusa", "server", "src", "storefront")

execFileSync(process.execPath, [path.join(root, "scripts", "build-storefront.js")], { cwd: root, stdio: "inherit" })

const gzip = (buffer) => zlib.gzipSync(buffer, { level: 9 }).length

async function bundled(entry) {
  const result = await esbuild.build({
    entryPoints: [path.join(outdir, entry)],
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    write: false,
    external: ["react", "react/jsx-runtime", "react-dom"],
    logLevel: "error",
  })
  const code = Buffer.from(result.outputFiles[0].contents)
  return { raw: code.length, gzip: gzip(code) }
}

async function main() {
  const shippedFiles = ["index.mjs", "core.mjs", "react.mjs"].map((f) => fs.readFileSync(path.join(outdir, f)))
  const shipped = { raw: shippedFiles.reduce((n, b) => n + b.length, 0), gzip: shippedFiles.reduce((n, b) => n + gzip(b), 0) }
  const all = await bundled("index.mjs")
  const core = await bundled("core.mjs")
  const kb = (n) => `${(n / 1024).toFixed(1)} kB`
  console.log(`storefront export, without React:`)
  console.log(`  shipped (ESM files, gzip)          ${kb(shipped.gzip)}  (${kb(shipped.raw)} raw)`)
  console.log(`  bundled + minified (gzip)          ${kb(all.gzip)}  (${kb(all.raw)} raw)   target < ${kb(LIMIT_BYTES)}`)
  console.log(`  core only, bundled + minified      ${kb(core.gzip)}  (${kb(core.raw)} raw)`)
  console.log(JSON.stringify({ shipped_gzip_bytes: shipped.gzip, bundled_gzip_bytes: all.gzip, core_gzip_bytes: core.gzip, limit_bytes: LIMIT_BYTES }))
  if (all.gzip >= LIMIT_BYTES) process.exit(1)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
