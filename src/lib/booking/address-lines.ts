import type { BookingProblem } from "./booking-input"
import { LIMITS, checkLength, type Source } from "./field-limits"

export type AddressLines = { addressLine: string; addressLine2?: string }

/**
 * The party's address lines from Medusa's address_1 and address_2. Medusa allows long street
 * lines, the carrier takes 35 characters per line: a long address_1 is moved onto two lines when
 * address_2 is free and it splits at a space into parts that both fit. Anything else is refused
 * (see field-limits.ts for why addresses are never cut).
 */
export function addressLines(source: Source, address1: string, address2: string | undefined, problems: BookingProblem[]): AddressLines {
  const max = LIMITS.addressLine
  if (address2) {
    checkLength(problems, source, "address_2", address2, max)
  }
  if (address1.length <= max) {
    return { addressLine: address1, ...(address2 ? { addressLine2: address2 } : {}) }
  }

  const split = address2 ? undefined : splitAtSpace(address1, max)
  if (split) {
    return split
  }
  const reason = address2 ? "and address_2 is in use" : `and it does not split at a space into two lines of ${max}`
  problems.push({
    field: `${source.path}.address_1`,
    message: `${source.label}: address_1 is ${address1.length} characters; the carrier takes ${max} (${reason})`,
  })
  return { addressLine: address1 }
}

/** The split with the longest first line; a longer first line leaves the shortest remainder. */
function splitAtSpace(line: string, max: number): AddressLines | undefined {
  const space = line.lastIndexOf(" ", max)
  if (space <= 0) {
    return undefined
  }
  // "Storgata 1, c/o Hansen" splits after the comma, which must not stay on the first line.
  const first = line.slice(0, space).replace(/[\s,]+$/, "")
  const rest = line.slice(space + 1).trim()
  return first && rest.length <= max ? { addressLine: first, addressLine2: rest } : undefined
}
