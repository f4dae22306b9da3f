import {
  arrivalWindowText,
  deliveryDateLabel,
  expectedDeliveryText,
  formatDeliveryDate,
  offeredDeliveryDate,
  pickupArrivalText,
  resolveLocale,
  setShippingMethod,
  shippingMethodBody,
  storefrontTexts,
  textsFor,
  type DeliveryOption,
} from "../core"

// 26 November 2026 is a Thursday.
describe("storefront: the expected day and its hours, in the kit's five languages", () => {
  it.each([
    ["sv", "sv"],
    ["sv-SE", "sv"],
    ["da", "da"],
    ["da-DK", "da"],
    ["fi", "fi"],
    ["fi-FI", "fi"],
    ["nb", "nb"],
    ["no-NO", "nb"],
    ["en-US", "en"],
    ["de", "en"],
  ])("locale %j reads as %j", (locale, expected) => {
    expect(resolveLocale(locale)).toBe(expected)
  })

  it.each([
    ["en", "Thursday 26 November"],
    ["nb", "torsdag 26. november"],
    ["sv", "torsdag 26 november"],
    ["da", "torsdag 26. november"],
    ["fi", "torstai 26. marraskuuta"],
  ])("a calendar day in %s reads %j", (locale, expected) => {
    expect(formatDeliveryDate("2026-11-26", locale)).toBe(expected)
  })

  it.each([
    ["en", "Expected delivery Thursday 26 November between 08:00 and 16:00"],
    ["nb", "Forventet levert torsdag 26. november mellom 08:00 og 16:00"],
    ["sv", "Beräknad leverans torsdag 26 november mellan 08:00 och 16:00"],
    ["da", "Forventet levering torsdag 26. november mellem 08:00 og 16:00"],
    ["fi", "Arvioitu toimitus torstai 26. marraskuuta klo 08:00–16:00"],
  ])("an expected day with the carrier's window in %s: %j", (locale, expected) => {
    expect(expectedDeliveryText("2026-11-26", { from: "08:00", to: "16:00" }, locale, textsFor(locale))).toBe(expected)
  })

  it.each([
    ["en", "Expected delivery Thursday 26 November"],
    ["sv", "Beräknad leverans torsdag 26 november"],
    ["fi", "Arvioitu toimitus torstai 26. marraskuuta"],
  ])("without a window the day alone, as before, in %s: %j", (locale, expected) => {
    expect(expectedDeliveryText("2026-11-26", null, locale, textsFor(locale))).toBe(expected)
  })

  it("writes a carrier's clock as HH:mm whether it came as 0800 or 8:00", () => {
    expect(arrivalWindowText({ from: "0800", to: "1600" }, storefrontTexts.en)).toBe("between 08:00 and 16:00")
    expect(arrivalWindowText({ from: "8:00", to: "9:30" }, storefrontTexts.nb)).toBe("mellom 08:00 og 09:30")
  })

  it.each([
    ["en", { date: "2026-11-27", window: { from: "17:00", to: "21:00" } }, "Friday 27 November, between 17:00 and 21:00"],
    ["en", { date: "2026-11-30" }, "Monday 30 November"],
    ["da", { date: "2026-11-27", window: { from: "17:00", to: "21:00" } }, "fredag 27. november, mellem 17:00 og 21:00"],
    ["fi", { date: "2026-11-27", window: { from: "17:00", to: "21:00" } }, "perjantai 27. marraskuuta, klo 17:00–21:00"],
  ])("the day picker's label in %s for %j: %j", (locale, day, expected) => {
    expect(deliveryDateLabel(day, locale, textsFor(locale))).toBe(expected)
  })

  it.each([
    ["en", "Ready for pickup Thursday 26 November between 14:00 and 18:00"],
    ["nb", "Klar til henting torsdag 26. november mellom 14:00 og 18:00"],
    ["sv", "Kan hämtas torsdag 26 november mellan 14:00 och 18:00"],
    ["da", "Klar til afhentning torsdag 26. november mellem 14:00 og 18:00"],
    ["fi", "Noudettavissa torstai 26. marraskuuta klo 14:00–18:00"],
  ])("a pickup point's estimated arrival in %s: %j", (locale, expected) => {
    expect(pickupArrivalText({ date: "2026-11-26", from: "14:00", to: "18:00" }, locale, textsFor(locale))).toBe(expected)
  })

  it("has every checkout text in all five languages", () => {
    const keys = Object.keys(storefrontTexts.en).sort()
    for (const locale of ["nb", "sv", "da", "fi"] as const) expect(Object.keys(storefrontTexts[locale]).sort()).toEqual(keys)
  })
})

describe("storefront: the shopper's delivery day", () => {
  const option = (dates: DeliveryOption["delivery_dates"], takes = true) =>
    ({ shipping_option_id: "so_door", takes_delivery_date: takes, delivery_dates: dates }) as Pick<DeliveryOption, "shipping_option_id" | "takes_delivery_date" | "delivery_dates">
  const offered = [{ date: "2026-11-26", window: { from: "08:00", to: "16:00" } }, { date: "2026-11-27" }, { date: "2026-11-30" }]

  it.each([
    ["a day still offered stays chosen", option(offered), "2026-11-27", "2026-11-27"],
    ["a day no longer offered (the address changed) is dropped, not moved", option(offered), "2026-11-25", null],
    ["a service that takes no day has none", option([], false), "2026-11-27", null],
    ["nothing chosen yet", option(offered), undefined, null],
  ])("%s", (_name, given, stored, expected) => {
    expect(offeredDeliveryDate(given, stored)).toBe(expected)
  })

  it("sends the chosen day with the pickup point in the shipping method's data", async () => {
    expect(shippingMethodBody({ optionId: "so_door", deliveryDate: "2026-11-27" })).toEqual({ option_id: "so_door", data: { delivery_date: "2026-11-27" } })
    expect(shippingMethodBody({ optionId: "so_door", deliveryDate: null, pickupPointId: null })).toEqual({ option_id: "so_door" })
    const sent: unknown[] = []
    const sdk = {
      store: {
        cart: {
          async addShippingMethod(...args: unknown[]) {
            sent.push(args)
            return { cart: { id: "cart_1" } }
          },
        },
      },
    }
    await setShippingMethod(sdk, { cartId: "cart_1", optionId: "so_door", deliveryDate: "2026-11-30" })
    expect(sent).toEqual([["cart_1", { option_id: "so_door", data: { delivery_date: "2026-11-30" } }, {}, {}]])
  })
})
