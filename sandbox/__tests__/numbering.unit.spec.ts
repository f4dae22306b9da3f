import { ShipmentNumbers } from "../ids"

describe("sandbox numbering", () => {
  it("starts after numberingStart, keeps the carrier's formats, and resets to it", () => {
    const numbers = new ShipmentNumbers(1234)
    const consignment = numbers.consignmentNumber()
    expect(consignment).toMatch(/^7043810000001235\d$/)
    expect(numbers.packageNumber()).toMatch(/^37043810000001235\d$/)
    expect(numbers.mailboxPackageNumber()).toMatch(/^LA10001235\dNO$/)
    numbers.reset()
    expect(numbers.consignmentNumber()).toBe(consignment)
  })

  it("gives the same first numbers as before by default", () => {
    expect(new ShipmentNumbers().consignmentNumber()).toBe("70438100000000016")
  })

  it("refuses a start that would overflow the mailbox serial", () => {
    expect(() => new ShipmentNumbers(80_000_000)).toThrow(/numberingStart/)
  })
})
