const { exportDatabaseUrl, startEmbeddedPostgres, loopbackAsLocalhost } = require("../scripts/database")

/**
 * Jest global setup of the integration suites: use the configured PostgreSQL, or start an embedded
 * one for the run. The variables set here are read by @medusajs/test-utils in the (in-band) tests.
 */
module.exports = async function globalSetup() {
  if (process.env.DB_HOST) {
    process.env.DB_HOST = loopbackAsLocalhost(process.env.DB_HOST)
    return
  }
  if (process.env.DATABASE_URL) {
    exportDatabaseUrl()
    return
  }
  const { pg, port } = await startEmbeddedPostgres()
  globalThis.__NORDIC_PARCEL_EMBEDDED_PG__ = pg
  process.env.DB_HOST = "localhost"
  process.env.DB_PORT = String(port)
  process.env.DB_USERNAME = "postgres"
  process.env.DB_PASSWORD = "postgres"
  process.stdout.write(`\n[nordic-parcel] embedded PostgreSQL on localhost:${port}\n`)
}
