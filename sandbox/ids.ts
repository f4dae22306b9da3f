import { createHash, randomInt } from "node:crypto"

/**
 * Shipment and package numbers in the carrier's formats (carrier notes 20), issued sequentially so a
 * fresh or reset sandbox always hands out the same numbers in the same order:
 * - consignment: 17 digits, `704381` + 10-digit sequence + GS1 check digit (first: 70438100000000016)
 * - package: 18 digits, `3704381` + 10-digit sequence + GS1 check digit (first: 370438100000000017)
 * - mailbox package (3570/3584): S10 form `LA` + 8-digit sequence + S10 check digit + `NO` (first: LA100000017NO)
 * `start` moves every sequence on, for a sandbox restarted beside a store that kept earlier
 * bookings (whose numbers it holds unique); it must stay below 80,000,000 (the mailbox serial).
 */
export class ShipmentNumbers {
  private consignments: number
  private packages: number
  private mailboxItems: number

  constructor(private readonly start = 0) {
    if (!Number.isInteger(start) || start < 0 || start >= 80_000_000) {
      throw new RangeError("numberingStart must be a whole number from 0 to 79,999,999")
    }
    this.consignments = start
    this.packages = start
    this.mailboxItems = start
  }

  consignmentNumber(): string {
    return withGs1CheckDigit(`704381${pad(++this.consignments, 10)}`)
  }

  packageNumber(): string {
    return withGs1CheckDigit(`3704381${pad(++this.packages, 10)}`)
  }

  mailboxPackageNumber(): string {
    const serial = pad(10_000_000 + ++this.mailboxItems, 8)
    return `LA${serial}${s10CheckDigit(serial)}NO`
  }

  reset(): void {
    this.consignments = this.start
    this.packages = this.start
    this.mailboxItems = this.start
  }
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, "0")
}

/** GS1 mod-10: weights 3 and 1 alternating from the rightmost digit. */
function withGs1CheckDigit(digits: string): string {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    const fromRight = digits.length - 1 - i
    sum += Number(digits[i]) * (fromRight % 2 === 0 ? 3 : 1)
  }
  return `${digits}${(10 - (sum % 10)) % 10}`
}

/** UPU S10 check digit over the 8-digit serial (weights 8 6 4 2 3 5 9 7). */
function s10CheckDigit(serial: string): string {
  const weights = [8, 6, 4, 2, 3, 5, 9, 7]
  const sum = weights.reduce((total, weight, i) => total + weight * Number(serial[i]), 0)
  const check = 11 - (sum % 11)
  return String(check === 10 ? 0 : check === 11 ? 5 : check)
}

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

/** `X-Carrier-Correlation`: 8 random alphanumerics per callback (carrier notes 25). */
export function correlationId(): string {
  let id = ""
  for (let i = 0; i < 8; i++) id += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]
  return id
}

/** Stable UUID-shaped identifier derived from the login ID, never from the key (carrier notes 26). */
export function authenticatorFor(apiUid: string): string {
  const hex = createHash("sha1").update(`event-cast:${apiUid.toLowerCase()}`).digest("hex")
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}
