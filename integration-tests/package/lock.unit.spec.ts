import { execFileSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"

/**
 * A fresh clone installs from the committed lock: `npm ci` accepts it (every platform's build of
 * the optional packages is listed, not only this machine's) and `npm install` leaves it unchanged,
 * so a contributor's first install does not dirty the tree. `npm run lock` writes such a lock.
 */
jest.setTimeout(180 * 1000)

const root = path.resolve(__dirname, "../..")

describe("package-lock.json", () => {
  let dir: string

  beforeAll(() => {
    // An empty folder, as a fresh clone is before its first install.
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "nordic-parcel-lock-"))
    for (const file of ["package.json", "package-lock.json"]) fs.copyFileSync(path.join(root, file), path.join(dir, file))
  })

  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

  const npm = (args: string[]) =>
    execFileSync("npm", [...args, "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"], {
      cwd: dir,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    })

  it("is accepted by npm ci (in sync with package.json for every platform)", () => {
    expect(() => npm(["ci", "--dry-run"])).not.toThrow()
  })

  it("is left unchanged by npm install", () => {
    const committed = fs.readFileSync(path.join(dir, "package-lock.json"), "utf8")
    npm(["install", "--package-lock-only"])
    expect(fs.readFileSync(path.join(dir, "package-lock.json"), "utf8")).toBe(committed)
  })
})
