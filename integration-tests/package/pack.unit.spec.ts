import { execFileSync, spawnSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"

/**
 * What a store installs: `npm run build` output (`medusa plugin:build` and the storefront export)
 * packed by `npm pack`. It must hold the built server code (loaded with require), the storefront
 * export (loaded with require and import) and nothing of the repository's tests, sandbox or test config.
 * The packed tarball is then linted as a registry would serve it: publint (package.json against the
 * files: exports map, module formats) and Are the Types Wrong? (every typed entry point finds its
 * declarations under node10, node16 from CommonJS and from ESM, and bundler resolution).
 */
jest.setTimeout(180 * 1000)

const root = path.resolve(__dirname, "../..")

function run(command: string, args: string[]): string {
  return execFileSync(command, args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] })
}

describe("published package", () => {
  let files: string[]

  beforeAll(() => {
    // .ci/run builds this tree just before `npm test` and says so (NP_PACKAGE_BUILT=1): packing that
    // build spares CI a second one. Anywhere else the test builds the sources it tests.
    if (process.env.NP_PACKAGE_BUILT !== "1") run("npm", ["run", "--silent", "build"])
    const packed = JSON.parse(run("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"]))
    files = packed[0].files.map((f: { path: string }) => f.path)
  })

  it("holds the built provider, module with its migrations, and admin bundle", () => {
    expect(files).toEqual(
      expect.arrayContaining([
        "package.json",
        "README.md",
        ".medusa/server/src/providers/nordic-parcel/index.js",
        ".medusa/server/src/modules/nordic_parcel/index.js",
        ".medusa/server/src/modules/nordic_parcel/service.js",
        ".medusa/server/src/admin/index.js",
        ".medusa/server/src/admin/index.mjs",
        ".medusa/server/src/storefront/index.js",
        ".medusa/server/src/storefront/index.mjs",
        ".medusa/server/src/storefront/index.d.ts",
        ".medusa/server/src/storefront/index.d.mts",
      ])
    )
    expect(files.some((f) => /modules\/nordic_parcel\/migrations\/Migration\d+\.js$/.test(f))).toBe(true)
  })

  it("holds no tests, sandbox, test config or TypeScript sources", () => {
    const leaked = files.filter(
      (f) =>
        /(__tests__|\.spec\.|integration-tests|sandbox\/|medusa-config|jest\.config|\.env|bench\/|scripts\/)/.test(f) ||
        (f.endsWith(".ts") && !f.endsWith(".d.ts"))
    )
    expect(leaked).toEqual([])
  })

  it("loads with require() as CommonJS and validates options like a store would", () => {
    const entry = path.join(root, ".medusa/server/src/providers/nordic-parcel/index.js")
    const script = `
      const mod = require(${JSON.stringify(entry)}).default
      const Service = mod.services[0]
      let refused = ""
      try { Service.validateOptions({ baseUrl: "not a url", apiUid: "u", apiKey: "k" }) } catch (e) { refused = e.message }
      Service.validateOptions({ baseUrl: "https://carrier.example", apiUid: "u", apiKey: "k" })
      process.stdout.write(JSON.stringify({ identifier: Service.identifier, refused }))
    `
    const out = JSON.parse(run("node", ["-e", script]))
    expect(out.identifier).toBe("nordic-parcel")
    expect(out.refused).toMatch(/baseUrl: must be an http\(s\) URL/)
  })

  describe("storefront export", () => {
    const EXPORTS = ["createNordicParcelClient", "setShippingMethod", "PickupPointPicker", "DeliveryPromise", "PostalCodeCity", "NordicParcelStoreError"]

    // Resolved through package.json "exports" by the package's own name, as a storefront imports it.
    it("loads with require() and with import, with the same named exports", () => {
      const required = JSON.parse(
        run("node", ["-e", `process.stdout.write(JSON.stringify(Object.keys(require("medusa-plugin-nordic-parcel/storefront"))))`])
      )
      const imported = JSON.parse(
        run("node", [
          "--input-type=module",
          "-e",
          `const m = await import("medusa-plugin-nordic-parcel/storefront"); process.stdout.write(JSON.stringify(Object.keys(m)))`,
        ])
      )
      expect(required).toEqual(expect.arrayContaining(EXPORTS))
      expect(imported.sort()).toEqual(required.filter((k: string) => k !== "__esModule").sort())
    })

    it("runs with either loader: one error class shared by client and components", () => {
      const check = (loader: string) => `
        const m = ${loader}
        const error = m.toStoreError(Object.assign(new Error("carrier unavailable"), { status: 503 }))
        process.stdout.write(JSON.stringify({ kind: error.kind, same: error instanceof m.NordicParcelStoreError, picker: typeof m.PickupPointPicker }))`
      const fromRequire = JSON.parse(run("node", ["-e", check(`require("medusa-plugin-nordic-parcel/storefront")`)]))
      const fromImport = JSON.parse(run("node", ["--input-type=module", "-e", check(`await import("medusa-plugin-nordic-parcel/storefront")`)]))
      expect(fromRequire).toEqual({ kind: "unavailable", same: true, picker: "function" })
      expect(fromImport).toEqual(fromRequire)
    })

    it("holds no server code: only React is imported, and the components are client components", () => {
      const dir = path.join(root, ".medusa/server/src/storefront")
      for (const file of ["index.js", "core.js", "react.js", "index.mjs", "core.mjs", "react.mjs"]) {
        const code = fs.readFileSync(path.join(dir, file), "utf8")
        const imported = [...code.matchAll(/(?:require\(|from |import\()"([^"]+)"/g)].map((m) => m[1])
        expect({ file, outside: imported.filter((name) => !/^(\.\/(core|react)\.m?js|react|react\/jsx-runtime)$/.test(name)) }).toEqual({ file, outside: [] })
      }
      expect(fs.readFileSync(path.join(dir, "react.mjs"), "utf8").startsWith('"use client";')).toBe(true)
      expect(fs.readFileSync(path.join(dir, "core.mjs"), "utf8")).not.toMatch(/use client/)
    })
  })

  describe("package linters on the packed tarball", () => {
    let tarball: string

    beforeAll(() => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nordic-parcel-pack-"))
      const packed = JSON.parse(run("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", dir]))
      tarball = path.join(dir, packed[0].filename)
    })

    afterAll(() => fs.rmSync(path.dirname(tarball), { recursive: true, force: true }))

    // Medusa loads routes, subscribers, jobs and workflows from the "./*" export with require() and
    // reads their `default` (its loader convention, which TypeScript's CommonJS output gives): publint
    // warns that an ESM-interpreted bundler import of such a file would see the default wrapped. No
    // bundler imports them, so that one warning is expected; any other warning or an error fails.
    const MEDUSA_LOADER_CONVENTION = "CJS_WITH_ESMODULE_DEFAULT_EXPORT"

    it("publint reports no error and no warning beyond Medusa's loader convention", () => {
      const script = `
        import fs from "node:fs"
        import { publint } from "publint"
        import { formatMessage } from "publint/utils"
        const data = fs.readFileSync(${JSON.stringify("TARBALL")})
        const tarball = data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength)
        const { messages, pkg } = await publint({ pack: { tarball }, level: "warning" })
        process.stdout.write(JSON.stringify(messages.map((m) => ({ type: m.type, code: m.code, text: formatMessage(m, pkg, { color: false }) }))))`
      const messages: { type: string; code: string; text: string }[] = JSON.parse(
        run("node", ["--input-type=module", "-e", script.replace('"TARBALL"', JSON.stringify(tarball))])
      )
      expect(messages.filter((m) => m.type === "error")).toEqual([])
      expect(messages.filter((m) => m.code !== MEDUSA_LOADER_CONVENTION)).toEqual([])
    })

    it("Are the Types Wrong? finds every entry point's types, ./storefront and ./workflows in every resolution mode", () => {
      // The admin extension (`./admin`) is read by Medusa's admin build, never imported by TypeScript
      // code: it has no types to check. Wildcard entry points (`./*`, `./providers/*`) are not analysed.
      const attw = spawnSync(
        process.execPath,
        [require.resolve("@arethetypeswrong/cli/package.json").replace("package.json", "dist/index.js"), tarball, "--format", "json", "--exclude-entrypoints", "./admin"],
        { cwd: root, encoding: "utf8" }
      )
      const report = JSON.parse(attw.stdout)
      const problems = report.analysis.problems.map((p: { kind: string; entrypoint: string; resolutionKind: string }) => `${p.entrypoint} ${p.resolutionKind}: ${p.kind}`)
      expect(problems).toEqual([])
      expect(attw.status).toBe(0)

      const typesOf = (entrypoint: string) =>
        Object.fromEntries(
          Object.entries(report.analysis.entrypoints[entrypoint].resolutions).map(([kind, r]: [string, any]) => [kind, path.basename(r.resolution?.fileName ?? "unresolved")])
        )
      expect(typesOf("./storefront")).toEqual({ node10: "index.d.ts", "node16-cjs": "index.d.ts", "node16-esm": "index.d.mts", bundler: "index.d.mts" })
      expect(typesOf("./workflows")).toEqual({ node10: "index.d.ts", "node16-cjs": "index.d.ts", "node16-esm": "index.d.ts", bundler: "index.d.ts" })
    })
  })
})
