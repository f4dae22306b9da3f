import { execFileSync } from "node:child_process"
import fs from "node:fs"
import path from "node:path"

/**
 * What a store installs: `npm run build` output (`medusa plugin:build` and the storefront export)
 * packed by `npm pack`. It must hold the built server code (loaded with require), the storefront
 * export (loaded with require and import) and nothing of the repository's tests, sandbox or test config.
 */
jest.setTimeout(180 * 1000)

const root = path.resolve(__dirname, "../..")

function run(command: string, args: string[]): string {
  return execFileSync(command, args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] })
}

describe("published package", () => {
  let files: string[]

  beforeAll(() => {
    run("npm", ["run", "--silent", "build"])
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
})
