import { canPairReturn, serviceInfo } from "../service-catalogue"

describe("service catalogue (pickup points, QR codes, free returns, mailbox parcels)", () => {
  it.each([
    // code, pickup point, return, mailbox, qr codes, sender phone optional
    ["SERVICEPAKKE", true, false, false, false, false],
    ["PA_DOREN", false, false, false, false, false],
    ["3584", false, false, true, false, true],
    ["3570", false, false, true, false, true],
    ["9300", false, true, false, true, true],
    ["SERVICEPAKKE_RETURSERVICE", false, true, false, true, true],
    ["9650", false, true, false, false, true],
    ["SERVICEPAKKE_RETUR", false, true, false, false, true],
  ])("%s", (code, pickup, isReturn, mailbox, qr, phoneOptional) => {
    expect(serviceInfo(code)).toMatchObject({
      deliversToPickupPoints: pickup,
      isReturn,
      mailbox,
      qrCodes: qr,
      senderPhoneOptional: phoneOptional,
    })
  })

  it.each([
    ["3584", "9650", true],
    ["3570", "9650", true],
    ["5800", "9300", true],
    ["4850", "9600", true],
    ["SERVICEPAKKE", "SERVICEPAKKE_RETUR", true],
    ["PA_DOREN", "BEDRIFTSPAKKE_RETUR", true],
    ["SERVICEPAKKE", "9300", false],
    ["3584", "9300", false],
  ])("free return %s + %s allowed: %s", (outgoing, ret, ok) => {
    expect(canPairReturn(outgoing, ret)).toBe(ok)
  })

  it("gives an unknown (new) service neutral defaults instead of failing", () => {
    expect(serviceInfo("NEW_SERVICE_2027")).toMatchObject({
      code: "NEW_SERVICE_2027",
      name: "NEW_SERVICE_2027",
      deliversToPickupPoints: false,
      isReturn: false,
    })
  })
})
