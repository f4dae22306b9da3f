import fs from "node:fs"
import path from "node:path"

// npm's own range rules (semver ships with npm and is in the dev tree; it has no types here).
const semver = require("semver") as { satisfies(version: string, range: string): boolean }

/**
 * A storefront installs the package for `./storefront` alone, next to whatever Medusa 2 line its
 * own packages pin. npm refuses an install (ERESOLVE) when a package the storefront already has
 * falls outside one of the plugin's peer ranges, even an optional one: dtc-starter pins
 * `@medusajs/icons` and `@medusajs/js-sdk` at 2.18.0. Only the server part needs the store's own
 * Medusa line, and its packages (`@medusajs/framework`, `@medusajs/medusa`) never sit in a
 * storefront. The real install is checked by `e2e/starter/check-guide.sh` (docs/storefront.md).
 */
const pkg = JSON.parse(fs.readFileSync(path.resolve(__dirname, "../../package.json"), "utf8")) as {
  peerDependencies: Record<string, string>
  peerDependenciesMeta: Record<string, { optional?: boolean }>
}

/** Packages a Medusa storefront holds itself, at its own Medusa 2 line. */
const STOREFRONT_PACKAGES = ["@medusajs/icons", "@medusajs/js-sdk"]
/** Medusa 2 lines a storefront may pin: the first, dtc-starter's (2.18.0), the plugin's own. */
const STOREFRONT_LINES = ["2.0.0", "2.18.0", "2.21.2", "2.22.0"]

describe("peer ranges a storefront meets", () => {
  it.each(STOREFRONT_PACKAGES.flatMap((name) => STOREFRONT_LINES.map((version) => [name, version])))(
    "%s@%s in a storefront's tree satisfies the plugin's optional peer",
    (name, version) => {
      expect(pkg.peerDependenciesMeta[name]?.optional).toBe(true)
      expect({ name, version, range: pkg.peerDependencies[name], ok: semver.satisfies(version, pkg.peerDependencies[name]) }).toEqual({
        name,
        version,
        range: pkg.peerDependencies[name],
        ok: true,
      })
    }
  )

  it("React 18 and 19 are the only peers a storefront must have", () => {
    const required = Object.keys(pkg.peerDependencies).filter((name) => !pkg.peerDependenciesMeta[name]?.optional)
    expect(required).toEqual(["react"])
    for (const version of ["18.2.0", "19.0.5", "19.2.0"]) expect(semver.satisfies(version, pkg.peerDependencies.react)).toBe(true)
  })

  it("the server part still names the Medusa line it is built for", () => {
    // Widening the storefront's peers must not claim the server runs on another Medusa minor.
    expect(pkg.peerDependencies["@medusajs/framework"]).toBe("~2.21.2")
    expect(pkg.peerDependencies["@medusajs/medusa"]).toBe("~2.21.2")
  })
})
