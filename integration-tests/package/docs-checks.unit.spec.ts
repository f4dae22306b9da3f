import { spawnSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"

/**
 * The two checks `npm test` runs on the documents fail when shown a broken case, and say where:
 * a dead link or anchor (scripts/check-links.js), and an OpenAPI document that is missing a route,
 * lists a route that does not exist, or is not OpenAPI 3.1 in shape (scripts/openapi.js --check).
 * What the repository's own documents give is `npm test`'s first phase.
 */
jest.setTimeout(120 * 1000)

const root = path.resolve(__dirname, "../..")
const node = (args: string[]) => spawnSync(process.execPath, args, { cwd: root, encoding: "utf8" })

describe("documents' checks", () => {
  let dir: string

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "nordic-parcel-docs-"))
  })
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

  it("links: a dead file, a dead anchor in another guide and in the same page fail, naming file and line; good links pass", () => {
    const guide = path.join(dir, "guide.md")
    fs.writeFileSync(
      guide,
      [
        "# Guide",
        "",
        "## Running behind a proxy",
        "",
        "Good: [same page](#running-behind-a-proxy), [README](" + path.relative(dir, path.join(root, "README.md")) + "#install-in-a-store),",
        "[a source file](" + path.relative(dir, path.join(root, "src/api/middlewares.ts")) + "), [the web](https://example.com/#x).",
        "",
        "Dead: [moved guide](docs/merchants.md), [old anchor](" + path.relative(dir, path.join(root, "docs/reference.md")) + "#opshuns),",
        "[this page](#running-behind-a-proxxy).",
        "",
        "```md",
        "[in a code block](nowhere.md) is not a link",
        "```",
        "",
      ].join("\n")
    )
    const run = node(["scripts/check-links.js", guide])
    expect(run.status).toBe(1)
    const lines = run.stderr.trim().split("\n").slice(1).map((l) => l.trim().split(path.relative(root, dir)).join("<tmp>"))
    expect(lines).toEqual([
      "<tmp>/guide.md:8: docs/merchants.md: <tmp>/docs/merchants.md does not exist",
      expect.stringMatching(/^<tmp>\/guide\.md:8: .*docs\/reference\.md#opshuns: no heading or anchor "#opshuns" in docs\/reference\.md$/),
      '<tmp>/guide.md:9: #running-behind-a-proxxy: no heading or anchor "#running-behind-a-proxxy" in <tmp>/guide.md',
    ])
  })

  it("OpenAPI: a route without an entry, an entry without a route, and a 3.0 document fail, each named", () => {
    const current = JSON.parse(fs.readFileSync(path.join(root, "openapi/nordic-parcel.openapi.json"), "utf8"))
    const broken = structuredClone(current)
    delete broken.paths["/store/nordic-parcel/pickup-points"].get
    broken.paths["/store/nordic-parcel/parcel-lockers"] = { get: { operationId: "getLockers", responses: { "200": { description: "ok" } } } }
    broken.openapi = "3.0.3"
    const file = path.join(dir, "broken.openapi.json")
    fs.writeFileSync(file, JSON.stringify(broken, null, 2))

    const run = node(["-r", "@swc-node/register", "scripts/openapi.js", "--check", file])
    expect(run.status).toBe(1)
    const name = path.relative(root, file)
    expect(run.stderr).toContain(
      `route GET /store/nordic-parcel/pickup-points (src/api/store/nordic-parcel/pickup-points/route.ts) has no entry in ${name}`
    )
    expect(run.stderr).toContain(`entry GET /store/nordic-parcel/parcel-lockers in ${name} has no route`)
    expect(run.stderr).toContain(`${name}: openapi must be 3.1.x, is 3.0.3`)
    expect(run.stderr).toContain(`${name} differs from what the routes and their validators give (run npm run openapi)`)
  })
})
