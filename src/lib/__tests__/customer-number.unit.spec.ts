import { shortCustomerNumber } from "../customer-number"

describe("shortCustomerNumber", () => {
  it.each([
    ["PARCELS_NORWAY-00000000005", "5"],
    ["CARGO-0000000007", "7"],
    ["SYSPED_NORWAY-1234", "1234"],
    ["EXPRESS_NORWAY-3f2c9a1e-0b7d-4a5e-9c1f-000000000001", "3f2c9a1e-0b7d-4a5e-9c1f-000000000001"],
    ["5", "5"],
    ["0", "0"],
  ])("%s → %s", (listed, short) => {
    expect(shortCustomerNumber(listed)).toBe(short)
  })
})
