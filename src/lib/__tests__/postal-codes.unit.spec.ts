import { isPickupCountry, normalizePostalCode } from "../postal-codes"

describe("postal codes of the pickup countries", () => {
  it.each([
    ["NO", "0150", "0150"],
    ["NO", " 0150 ", "0150"],
    ["NO", "150", null],
    ["NO", "01500", null],
    ["DK", "2100", "2100"],
    ["SE", "111 22", "11122"],
    ["SE", "1112", null],
    ["FI", "00100", "00100"],
    ["FI", "0010A", null],
  ] as const)("%s %j → %j", (country, raw, expected) => {
    expect(normalizePostalCode(country, raw)).toBe(expected)
  })

  it("covers exactly NO, DK, SE and FI", () => {
    expect(["NO", "DK", "SE", "FI"].every(isPickupCountry)).toBe(true)
    expect(isPickupCountry("DE")).toBe(false)
    expect(isPickupCountry("no")).toBe(false)
  })
})
