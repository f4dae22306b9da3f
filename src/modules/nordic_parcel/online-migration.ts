import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * Schema changes a store can take while it serves: the plugin's migrations after 0.1.0 that touch
 * its busy tables (tracking events, shipments, subscriptions) make their changes through this.
 *
 * Medusa runs a module's pending migrations inside one outer transaction (MikroORM's
 * allOrNothing), so a lock taken in a migration is held until the last pending migration has run,
 * and CREATE INDEX CONCURRENTLY cannot run there at all. So when the table already exists for
 * everyone (a store upgrading), each step runs on a connection of its own, outside that
 * transaction, as a short transaction of its own:
 * - `alter`: statements that take an ACCESS EXCLUSIVE lock but only change the catalogue (add a
 *   nullable column, drop NOT NULL, add a constraint NOT VALID). Each waits for its lock at most
 *   LOCK_WAIT_MS, then gives way and tries again, so a long transaction on the table never parks
 *   the callbacks and bookings that would queue behind the waiting ALTER.
 * - `createIndex`: CREATE INDEX CONCURRENTLY, which lets writes go on; an invalid index left by
 *   an interrupted build is dropped and built again.
 * - `updateInBatches`: a backfill of at most BATCH rows per statement (each its own transaction).
 * - `validate`: VALIDATE CONSTRAINT scans the table under SHARE UPDATE EXCLUSIVE, which reads
 *   and writes pass.
 * When the table was created by this same run (a new store: the outer transaction has not
 * committed it, so no other connection can see it), it is empty and nothing else uses it: the
 * same changes run plainly in the migration's transaction.
 * Every step is idempotent: a run interrupted halfway (the outer transaction then records none of
 * its migrations) is run again from the start.
 */

/** How long a catalogue change may wait for its lock before it gives way to the traffic. */
export const LOCK_WAIT_MS = 200
const LOCK_ATTEMPTS = 100
const LOCK_NOT_AVAILABLE = "55P03"
/** Rows per backfill statement: a few milliseconds of row locks. */
export const BATCH = 5_000

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export type OnlineSchemaChange = {
  /** True when the steps run outside Medusa's migration transaction (the table held rows before). */
  readonly online: boolean
  alter(statements: string[]): Promise<void>
  /** `definition`: `ON "table" (...) WHERE ...`. */
  createIndex(name: string, definition: string): Promise<void>
  dropIndex(name: string): Promise<void>
  /** `update "table" set <assignments> where <condition>`, BATCH rows at a time. */
  updateInBatches(assignments: string, condition: string): Promise<number>
  validate(constraint: string): Promise<void>
}

/** The way to change `table` in `migration`: online when the table is there for every connection. */
export async function onlineSchemaChange(migration: Migration, table: string): Promise<OnlineSchemaChange> {
  const knex = migration.getKnex()
  // A connection of the pool: sees only what is committed, not the outer transaction's work.
  const { rows } = await knex.raw(`select to_regclass(?) is not null as visible`, [`"${table}"`])
  return rows[0].visible ? outside(knex, table) : inside(migration, table)
}

function outside(knex: Knex, table: string): OnlineSchemaChange {
  return {
    online: true,
    async alter(statements) {
      for (let attempt = 1; ; attempt++) {
        try {
          await knex.transaction(async (trx) => {
            await trx.raw(`set local lock_timeout = '${LOCK_WAIT_MS}ms'`)
            for (const statement of statements) {
              await trx.raw(statement)
            }
          })
          return
        } catch (error) {
          if ((error as { code?: string }).code !== LOCK_NOT_AVAILABLE || attempt >= LOCK_ATTEMPTS) {
            throw error
          }
          await pause(Math.min(2_000, 50 * attempt))
        }
      }
    },
    async createIndex(name, definition) {
      const { rows } = await knex.raw(
        `select i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid
          where c.relname = ? and pg_catalog.pg_table_is_visible(c.oid)`,
        [name]
      )
      // IF NOT EXISTS would keep the invalid index an interrupted build leaves.
      if (rows.length && !rows[0].valid) {
        await knex.raw(`drop index concurrently if exists "${name}"`)
      }
      await knex.raw(`create index concurrently if not exists "${name}" ${definition}`)
    },
    async dropIndex(name) {
      await knex.raw(`drop index concurrently if exists "${name}"`)
    },
    async updateInBatches(assignments, condition) {
      let changed = 0
      for (;;) {
        const result = await knex.raw(
          `update "${table}" set ${assignments}
            where id in (select id from "${table}" where ${condition} limit ${BATCH}) and ${condition}`
        )
        changed += result.rowCount ?? 0
        if (!result.rowCount) {
          return changed
        }
      }
    },
    async validate(constraint) {
      await knex.raw(`alter table "${table}" validate constraint "${constraint}"`)
    },
  }
}

function inside(migration: Migration, table: string): OnlineSchemaChange {
  const run = (sql: string) => migration.execute(sql)
  return {
    online: false,
    async alter(statements) {
      for (const statement of statements) {
        await run(statement)
      }
    },
    async createIndex(name, definition) {
      await run(`create index if not exists "${name}" ${definition}`)
    },
    async dropIndex(name) {
      await run(`drop index if exists "${name}"`)
    },
    async updateInBatches(assignments, condition) {
      const rows = await run(`update "${table}" set ${assignments} where ${condition} returning id`)
      return (rows as unknown[]).length
    },
    async validate(constraint) {
      await run(`alter table "${table}" validate constraint "${constraint}"`)
    },
  }
}
