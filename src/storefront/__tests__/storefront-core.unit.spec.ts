import {
  carrierLinkHref,
  createNordicParcelClient,
  errorKindOf,
  formatDeliveryDate,
  isCompletePostalCode,
  NordicParcelStoreError,
  openingHoursLines,
  parsePickupPointSearch,
  pickupPointQueryFor,
  resolveLocale,
  setShippingMethod,
  shippingMethodBody,
  storefrontTexts,
  toStoreError,
  type MedusaSdkLike,
  type PickupPoint,
} from "../core"
import type { StorePickupPoint } from "../../lib/checkout/pickup-point"

// The storefront export is built on its own (no server code), so it restates the store routes'
// shapes; `npm run typecheck` fails here when a route's answer stops fitting what it reads.
export const routeAnswerFits: (point: StorePickupPoint) => PickupPoint = (point) => point

describe("storefront: the picker's search box", () => {
  it.each([
    ["0154", { postal_code: "0154" }],
    [" 114 55 ", { postal_code: "11455" }],
    ["Karl Johans gate 1", { street: "Karl Johans gate", street_number: "1" }],
    ["Strandgaten 12B", { street: "Strandgaten", street_number: "12B" }],
    ["Strandgaten", { street: "Strandgaten" }],
    ["Strandgaten 1, 5013", { postal_code: "5013", street: "Strandgaten", street_number: "1" }],
    ["Storgata 5, 0155 Oslo", { postal_code: "0155", street: "Storgata", street_number: "5" }],
    ["", {}],
  ])("%j is searched as %j", (input, expected) => {
    expect(parsePickupPointSearch(input)).toEqual(expected)
  })
})

describe("storefront: texts and formats", () => {
  it.each([
    ["nb", "nb"],
    ["no", "nb"],
    ["nb-NO", "nb"],
    ["nn", "nb"],
    ["en", "en"],
    ["en-GB", "en"],
    ["de", "en"],
    [undefined, "en"],
    ["nord", "en"],
  ])("locale %j reads as %j", (locale, expected) => {
    expect(resolveLocale(locale)).toBe(expected)
  })

  it("formats an expected date as the calendar day, in English and Norwegian", () => {
    expect(formatDeliveryDate("2026-11-26", "en")).toBe("Thursday 26 November")
    expect(formatDeliveryDate("2026-11-26", "nb")).toBe("torsdag 26. november")
    expect(formatDeliveryDate("not a date", "en")).toBe("not a date")
  })

  it("lists opening hours with consecutive days of the same hours joined (a closed day between breaks them), in the shopper's language", () => {
    const week = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY"].map((day) => ({ day, opening: "0700", closing: "2300" }))
    const hours = [...week, { day: "SATURDAY", opening: "08:00", closing: "22:00" }, { day: "SUNDAY", opening: "", closing: "" }]
    expect(openingHoursLines(hours, storefrontTexts.en)).toEqual(["Monday–Friday 07:00–23:00", "Saturday 08:00–22:00"])
    expect(openingHoursLines(hours, storefrontTexts.nb)).toEqual(["mandag–fredag 07:00–23:00", "lørdag 08:00–22:00"])
    expect(openingHoursLines([{ day: "MONDAY", opening: "0800", closing: "1600" }, { day: "WEDNESDAY", opening: "0800", closing: "1600" }], storefrontTexts.en)).toEqual([
      "Monday 08:00–16:00",
      "Wednesday 08:00–16:00",
    ])
  })

  it("preselects the point the picker lists first: the address's postal code, street and number", () => {
    expect(pickupPointQueryFor({ country_code: "no", postal_code: "50 03", address_1: "Strandgaten 1" }, "cart_1")).toEqual({
      country_code: "NO",
      postal_code: "5003",
      street: "Strandgaten",
      street_number: "1",
      cart_id: "cart_1",
      limit: 10,
    })
    expect(pickupPointQueryFor({ country_code: "SE", postal_code: "11455" })).toEqual({ country_code: "SE", postal_code: "11455", limit: 10 })
  })

  it("writes distances in metres under a kilometre, with the decimal comma in Norwegian", () => {
    expect(storefrontTexts.en.distance(0.42)).toBe("420 m")
    expect(storefrontTexts.en.distance(1.26)).toBe("1.3 km")
    expect(storefrontTexts.nb.distance(1.26)).toBe("1,3 km")
  })

  it("has every text in both languages", () => {
    expect(Object.keys(storefrontTexts.nb).sort()).toEqual(Object.keys(storefrontTexts.en).sort())
  })

  it.each([
    ["NO", "0154", true],
    ["NO", "015", false],
    ["SE", "114 55", true],
    ["SE", "1145", false],
    ["DK", "2100", true],
    ["DE", "10115", false],
  ])("postal code %s %j is complete: %j", (country, code, expected) => {
    expect(isCompletePostalCode(country, code)).toBe(expected)
  })
})

describe("storefront: errors a checkout acts on", () => {
  it.each([
    [503, "unavailable"],
    [502, "unavailable"],
    [504, "unavailable"],
    [429, "rate_limited"],
    [400, "invalid"],
    [404, "not_found"],
    [500, "unknown"],
    [undefined, "network"],
  ])("status %j is %j", (status, kind) => {
    expect(errorKindOf(status)).toBe(kind)
  })

  it("keeps the route's message and status from js-sdk's FetchError", () => {
    const fetchError = Object.assign(new Error("carrier unavailable (NP-503)"), { status: 503, statusText: "Service Unavailable" })
    const error = toStoreError(fetchError)
    expect(error).toBeInstanceOf(NordicParcelStoreError)
    expect(error).toMatchObject({ kind: "unavailable", status: 503, message: "carrier unavailable (NP-503)" })
  })
})

describe("storefront: client over the store routes", () => {
  function recordingSdk(answer: (path: string) => unknown) {
    const calls: { path: string; init: unknown }[] = []
    const sdk: MedusaSdkLike = {
      client: {
        async fetch<T>(path: string, init?: unknown): Promise<T> {
          calls.push({ path, init })
          const result = answer(path)
          if (result instanceof Error) throw result
          return result as T
        },
      },
    }
    return { sdk, calls }
  }

  it("sends only the filters that are set, and returns the points", async () => {
    const { sdk, calls } = recordingSdk(() => ({ pickup_points: [{ id: "1" }] }))
    const points = await createNordicParcelClient(sdk).listPickupPoints({ country_code: "NO", postal_code: "5003", street: "", cart_id: "cart_1", limit: 5 })
    expect(points).toEqual([{ id: "1" }])
    expect(calls[0]).toEqual({
      path: "/store/nordic-parcel/pickup-points",
      init: { method: "GET", query: { country_code: "NO", postal_code: "5003", cart_id: "cart_1", limit: 5 } },
    })
  })

  it("answers null for an unknown postal code and throws a typed error for a rate limit", async () => {
    const { sdk, calls } = recordingSdk((path) =>
      Object.assign(new Error(path.endsWith("/9999") ? "not found" : "too many requests"), { status: path.endsWith("/9999") ? 404 : 429 })
    )
    const client = createNordicParcelClient(sdk)
    await expect(client.lookupPostalCode("NO", "99 99")).resolves.toBeNull()
    expect(calls[0].path).toBe("/store/nordic-parcel/postal-codes/NO/9999")
    await expect(client.lookupPostalCode("NO", "5003")).rejects.toMatchObject({ kind: "rate_limited", status: 429 })
  })

  it("sets the shipping method with option_id and pickup_point_id, or option_id alone", async () => {
    expect(shippingMethodBody({ optionId: "so_1", pickupPointId: "pp_2" })).toEqual({ option_id: "so_1", data: { pickup_point_id: "pp_2" } })
    expect(shippingMethodBody({ optionId: "so_1", pickupPointId: null })).toEqual({ option_id: "so_1" })
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
    const cart = await setShippingMethod(sdk, { cartId: "cart_1", optionId: "so_1", pickupPointId: "pp_2" }, { authorization: "Bearer t" })
    expect(cart).toEqual({ id: "cart_1" })
    expect(sent).toEqual([["cart_1", { option_id: "so_1", data: { pickup_point_id: "pp_2" } }, {}, { authorization: "Bearer t" }]])
  })
})

describe("carrierLinkHref: only http(s) links are shown", () => {
  it.each([
    ["https://carrier.example/t/1", "https://carrier.example/t/1"],
    ["HTTP://carrier.example/t/1", "HTTP://carrier.example/t/1"],
    ["javascript:alert(1)", undefined],
    ["  javascript:alert(1)", undefined],
    ["data:text/html,x", undefined],
    ["/relative", undefined],
    ["", undefined],
    [null, undefined],
  ])("%p → %p", (link, href) => {
    expect(carrierLinkHref(link)).toBe(href)
  })
})
