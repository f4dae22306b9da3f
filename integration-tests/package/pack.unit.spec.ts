import { execFileSync } from "node:child_process"
import path from "node:path"

/**
 * What a store installs: `medusa plugin:build` output packed by `npm pack`. It must hold the built
 * server code (loaded with require) and nothing of the repository's tests, sandbox or test config.
 */
jest.setTimeout(180 * 1000)

const root = path.resolve(__dirname, "../..")

function run(command: string, args: string[]): string {
  return execFileSync(command, args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] })
}

describe("published package", () => {
  let files: string[]

  beforeAll(() => {
    run("npx", ["medusa", "plugin:build"])
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
})
