#!/usr/bin/env node
/**
 * `npm run size:storefront`: the gzip size of `medusa-plugin-nordic-parcel/storefront` without
 * React (React is a peer: the storefront has it already), by page, since a storefront's bundler
 * takes only what each page imports (the export is tree-shakeable: no top-level side effects).
 * Builds the export, then measures
 *   checkout  what a checkout page imports (PAGES.checkout), bundled and minified, gzip -9: budget 12 kB
 *   order     what the order and return pages import (PAGES.order), the same way: budget 10 kB
 *   all       everything the export has, bundled the same way (for comparison)
 *   core      the React-free part (client and helper, as a server action uses it)
 *   shipped   the ESM files as published (index.mjs + core.mjs + react.mjs)
 * Exits 1 when a page is over its budget. The last line is one JSON object.
 */
const path = require("node:path")
const fs = require("node:fs")
const zlib = require("node:zlib")
const { execFileSync } = require("node:child_process")
const esbuild = require("esbuild")

/** What each page of a storefront imports from the export, and its budget. */
const PAGES = {
  checkout: {
    imports: [
      "createNordicParcelClient",
      "setShippingMethod",
      "offeredDeliveryDate",
      "DeliveryPromise",
      "useDeliveryOptions",
      "DeliveryDayPicker",
      "PickupPointPicker",
      "PostalCodeCity",
      "StoreErrorMessage",
    ],
    budget: 12 * 1024,
  },
  order: {
    imports: ["createNordicParcelClient", "useOrderShipments", "TrackingTimeline", "ReturnLabel", "ReturnRequest"],
    budget: 10 * 1024,
  },
}
const root = path.resolve(__dirname, "..")
const outdir = path.join(root, ".medusa", "server", "src", "storefront")

execFileSync(process.execPath, [path.join(root, "scripts", "build-storefront.js")], { cwd: root, stdio: "inherit" })

const gzip = (buffer) => zlib.gzipSync(buffer, { level: 9 }).length

async function bundled(names, entry = "index.mjs") {
  const result = await esbuild.build({
    stdin: {
      contents: names ? `export { ${names.join(", ")} } from "./${entry}"` : `export * from "./${entry}"`,
      resolveDir: outdir,
      loader: "js",
    },
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
  const checkout = await bundled(PAGES.checkout.imports)
  const order = await bundled(PAGES.order.imports)
  const all = await bundled(null)
  const core = await bundled(null, "core.mjs")
  const kb = (n) => `${(n / 1024).toFixed(1)} kB`
  const over = (size, budget) => (size.gzip > budget ? "  OVER BUDGET" : "")
  console.log(`storefront export, without React, bundled + minified (gzip):`)
  console.log(`  checkout page                      ${kb(checkout.gzip)}  (${kb(checkout.raw)} raw)   budget ${kb(PAGES.checkout.budget)}${over(checkout, PAGES.checkout.budget)}`)
  console.log(`  order pages                        ${kb(order.gzip)}  (${kb(order.raw)} raw)   budget ${kb(PAGES.order.budget)}${over(order, PAGES.order.budget)}`)
  console.log(`  the whole export                   ${kb(all.gzip)}  (${kb(all.raw)} raw)`)
  console.log(`  core only (no React)               ${kb(core.gzip)}  (${kb(core.raw)} raw)`)
  console.log(`  shipped (ESM files as published)   ${kb(shipped.gzip)}  (${kb(shipped.raw)} raw)`)
  console.log(
    JSON.stringify({
      checkout_gzip_bytes: checkout.gzip,
      checkout_budget_bytes: PAGES.checkout.budget,
      order_gzip_bytes: order.gzip,
      order_budget_bytes: PAGES.order.budget,
      bundled_gzip_bytes: all.gzip,
      core_gzip_bytes: core.gzip,
      shipped_gzip_bytes: shipped.gzip,
    })
  )
  if (checkout.gzip > PAGES.checkout.budget || order.gzip > PAGES.order.budget) process.exit(1)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
