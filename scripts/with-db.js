#!/usr/bin/env node
/**
 * Runs a command with a database: the configured one (DATABASE_URL / DB_HOST) or a throwaway
 * embedded PostgreSQL. Used for `npm run db:generate` (medusa plugin:db:generate needs a server).
 *   node scripts/with-db.js medusa plugin:db:generate
 */
const { spawnSync } = require("node:child_process")
const { exportDatabaseUrl, startEmbeddedPostgres, loopbackAsLocalhost } = require("./database")

async function main() {
  const [command, ...args] = process.argv.slice(2)
  let embedded
  if (process.env.DATABASE_URL) {
    exportDatabaseUrl()
  } else if (process.env.DB_HOST) {
    process.env.DB_HOST = loopbackAsLocalhost(process.env.DB_HOST)
  } else {
    embedded = await startEmbeddedPostgres()
    await embedded.pg.createDatabase("nordic_parcel_dev")
    Object.assign(process.env, {
      DB_HOST: "localhost",
      DB_PORT: String(embedded.port),
      DB_USERNAME: "postgres",
      DB_PASSWORD: "postgres",
      DATABASE_URL: `postgres://postgres:postgres@localhost:${embedded.port}/nordic_parcel_dev`,
    })
  }
  try {
    const result = spawnSync("npx", [command, ...args], { stdio: "inherit", env: process.env })
    process.exitCode = result.status ?? 1
  } finally {
    await embedded?.pg.stop()
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
