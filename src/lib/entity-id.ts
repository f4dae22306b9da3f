import { randomFillSync } from "node:crypto"
import { factory } from "ulid"

/**
 * Ids in Medusa's form, `<prefix>_<ULID>`, for rows the plugin inserts with its own SQL.
 *
 * Medusa's generateEntityId draws each of a ULID's 16 random characters with a
 * crypto.randomBytes(1) call of its own: about a tenth of the CPU a tracking callback costs. These
 * are the same ULIDs (the same library, time-ordered, 80 random bits from the OS's generator),
 * drawn from a pool of random bytes refilled 4 KiB at a time.
 */
const pool = Buffer.alloc(4096)
let next = pool.length

/** A number in [0, 1) in steps of 1/256: 256 is a multiple of 32, so every ULID character is as likely. */
function pooledRandom(): number {
  if (next >= pool.length) {
    randomFillSync(pool)
    next = 0
  }
  return pool[next++] / 0x100
}

const ulid = factory(pooledRandom)

export function entityId(prefix: string): string {
  return `${prefix}_${ulid()}`
}
