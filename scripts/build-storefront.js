#!/usr/bin/env node
/**
 * Builds `medusa-plugin-nordic-parcel/storefront` into .medusa/server/src/storefront (run by
 * `npm run build` after `medusa plugin:build`, which empties .medusa/server first):
 *   core.{js,mjs}   client, texts, formatting: no React, safe in server actions
 *   react.{js,mjs}  the components, marked "use client" for React Server Components
 *   index.{js,mjs}  both; *.d.ts from tsc, index.d.mts for `import` consumers
 * CommonJS (.js) and ESM (.mjs) from the same sources with esbuild; React stays external (peer).
 */
const path = require("node:path")
const fs = require("node:fs")
const { execFileSync } = require("node:child_process")
const esbuild = require("esbuild")

const root = path.resolve(__dirname, "..")
const source = path.join(root, "src", "storefront")
const outdir = path.join(root, ".medusa", "server", "src", "storefront")

const ENTRIES = ["core", "react", "index"]
const SIBLINGS = /^\.\/(core|react)$/

async function build() {
  fs.rmSync(outdir, { recursive: true, force: true })
  for (const [format, ext] of [
    ["cjs", ".js"],
    ["esm", ".mjs"],
  ]) {
    for (const entry of ENTRIES) {
      await esbuild.build({
        entryPoints: [path.join(source, `${entry}.ts`)],
        outfile: path.join(outdir, `${entry}${ext}`),
        bundle: true,
        format,
        platform: "neutral",
        target: "es2020",
        jsx: "automatic",
        external: ["react", "react/jsx-runtime", "react-dom"],
        // The entry's own "use client" directive is kept at the top of the component bundle.

        logLevel: "warning",
        plugins: [
          {
            // Each bundle imports the others instead of copying them: one error class, one copy.
            name: "sibling-bundles",
            setup(b) {
              b.onResolve({ filter: SIBLINGS }, (args) => {
                const target = path.basename(args.path)
                if (args.importer === path.join(source, `${target}.ts`)) return undefined
                if (path.basename(args.importer, path.extname(args.importer)) === target) return undefined
                return entry === target ? undefined : { path: `./${target}${ext}`, external: true }
              })
            },
          },
        ],
      })
    }
  }
  execFileSync(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", path.join(source, "tsconfig.json")], {
    cwd: root,
    stdio: "inherit",
  })
  // `import` consumers (moduleResolution node16/bundler) read these; the declarations are shared.
  fs.writeFileSync(path.join(outdir, "index.d.mts"), 'export * from "./index.js"\n')
}

build().catch((error) => {
  console.error(error)
  process.exit(1)
})
