import { mikroOrmCreateConnection } from "@medusajs/framework/utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { readdirSync } from "node:fs"

/**
 * The plugin's schema at an earlier release, for the upgrade test and bench:migrate. The first
 * release (0.1.0) ends with Migration20261124183943 (bulk bookings): every migration after it was
 * added by a later round (git log --diff-filter=A -- src/modules/nordic_parcel/migrations).
 * Migrations run the way `medusa db:migrate` runs a module's: MikroORM's migrator with Medusa's
 * configuration (one outer transaction for the run, migration names recorded in
 * mikro_orm_migrations).
 */
export const FIRST_RELEASE_LAST_MIGRATION = "Migration20261124183943"

const migrationNames = (dir: string) =>
  readdirSync(dir)
    .filter((file) => /^Migration\d+\.(ts|js)$/.test(file))
    .map((file) => file.replace(/\.(ts|js)$/, ""))
    .sort()

/** The migrations a store at the first release has not run, in order. */
export const migrationsAfterFirstRelease = (dir: string) => migrationNames(dir).filter((name) => name > FIRST_RELEASE_LAST_MIGRATION)

type MigrationEvent = (event: "migrating" | "migrated", name: string) => void

async function runMigrations(clientUrl: string, dir: string, to?: string, onEvent?: MigrationEvent): Promise<string[]> {
  const orm = await mikroOrmCreateConnection({ clientUrl, snapshot: false } as never, [], dir)
  try {
    const migrator = orm.getMigrator()
    if (onEvent) {
      // MikroORM's migrator runs umzug, whose events Medusa's own migration command listens to the same way.
      const umzug = (migrator as unknown as { umzug: { on: (event: string, listener: (m: { name: string }) => void) => void } }).umzug
      umzug.on("migrating", (m) => onEvent("migrating", m.name))
      umzug.on("migrated", (m) => onEvent("migrated", m.name))
    }
    const ran = await migrator.up(to ? { to } : undefined)
    return ran.map((migration: { name: string }) => migration.name)
  } finally {
    await orm.close(true)
  }
}

/**
 * Drops the plugin's tables and its record of migrations run, then builds the first release's
 * schema. The rest of the store (orders, fulfilments) is left as it is.
 */
export async function resetToFirstRelease(knex: Knex, clientUrl: string, dir: string): Promise<void> {
  const { rows } = await knex.raw(`select tablename from pg_tables where schemaname = current_schema() and tablename like 'nordic\\_parcel\\_%'`)
  for (const { tablename } of rows as { tablename: string }[]) {
    await knex.raw(`drop table if exists "${tablename}" cascade`)
  }
  await knex("mikro_orm_migrations").whereIn("name", migrationNames(dir)).delete()
  await runMigrations(clientUrl, dir, FIRST_RELEASE_LAST_MIGRATION)
}

/** Runs the plugin's pending migrations (to HEAD): the names run, in order. */
export const migrateToHead = (clientUrl: string, dir: string, onEvent?: MigrationEvent) => runMigrations(clientUrl, dir, undefined, onEvent)
