import type { PickupPoint } from "../../carrier"
import { parseOptions } from "../../options"
import { TtlCache } from "../../cache/ttl-cache"
import { findUnsafeText, isUnsafeText } from "../../unsafe-text"
import { TokenBuckets } from "../../rate-limit/token-buckets"
import { followAddress, needsFollowing } from "../pickup-point-follow"
import { nearestFitting, streetOf } from "../pickup-point-listings"
import { servicesFor } from "../quote-input"
import { shippingDateFor } from "../shipping-date"

const point = (id: string, extra: Partial<PickupPoint> = {}): PickupPoint =>
  ({ id, name: `Point ${id}`, address: "Gate 1", postalCode: "5004", city: "Bergen", countryCode: "NO", openingHours: [], ...extra }) as PickupPoint
const locker = (id: string) => point(id, { type: "37", maxParcelDimensions: { length: 44, width: 50, height: 60 } })

describe("shippingDateFor", () => {
  // 2026-11-23 is a Monday; Oslo is UTC+1 in November.
  it.each([
    ["Monday 10:41, no promise: today, this hour", "2026-11-23T09:41:00Z", { leadTimeDays: 0 }, { year: "2026", month: "11", day: "23", hour: "10", minute: "00" }],
    ["before the cut-off: today", "2026-11-23T09:41:00Z", { cutOffTime: "14:00", leadTimeDays: 0 }, { year: "2026", month: "11", day: "23", hour: "10", minute: "00" }],
    ["at the cut-off: the next working day, in the morning", "2026-11-23T13:00:00Z", { cutOffTime: "14:00", leadTimeDays: 0 }, { year: "2026", month: "11", day: "24", hour: "08", minute: "00" }],
    ["Friday after the cut-off: Monday", "2026-11-27T15:00:00Z", { cutOffTime: "14:00", leadTimeDays: 0 }, { year: "2026", month: "11", day: "30", hour: "08", minute: "00" }],
    ["Saturday: Monday", "2026-11-28T09:00:00Z", { leadTimeDays: 0 }, { year: "2026", month: "11", day: "30", hour: "08", minute: "00" }],
    ["lead time skips the weekend", "2026-11-26T09:00:00Z", { leadTimeDays: 2 }, { year: "2026", month: "11", day: "30", hour: "08", minute: "00" }],
    ["cut-off and lead time add up", "2026-11-26T15:00:00Z", { cutOffTime: "14:00", leadTimeDays: 1 }, { year: "2026", month: "11", day: "30", hour: "08", minute: "00" }],
    ["the local date, not UTC's: 00:30 in Oslo on New Year's Day", "2026-12-31T23:30:00Z", { leadTimeDays: 0 }, { year: "2027", month: "01", day: "01", hour: "00", minute: "00" }],
  ])("%s", (_name, now, promise, expected) => {
    expect(shippingDateFor(new Date(now), promise)).toEqual(expected)
  })
})

describe("choosing and following a pickup point", () => {
  const bulky = { weightGrams: 25000, dimensions: { lengthCm: 150, widthCm: 60, heightCm: 50 } } as never
  const small = { weightGrams: 300, dimensions: { lengthCm: 30, widthCm: 22, heightCm: 2 } } as never

  it.each([
    ["a small parcel takes the nearest, a locker", [locker("L1"), point("M1")], small, "L1"],
    ["a bulky parcel skips lockers it does not fit", [locker("L1"), point("M1"), point("M2")], bulky, "M1"],
    ["unknown dimensions fit anywhere", [locker("L1")], undefined, "L1"],
    ["nothing fits", [locker("L1")], bulky, undefined],
  ])("nearest suitable: %s", (_name, points, parcel, expected) => {
    expect(nearestFitting(points, parcel)?.id).toBe(expected)
  })

  const area = { country_code: "NO", postal_code: "9600" }
  it.each([
    ["same area: nothing to do", { pickup_point_id: "A", pickup_point_area: area }, false],
    ["another postal code", { pickup_point_id: "A", pickup_point_area: { country_code: "NO", postal_code: "5004" } }, true],
    ["chosen while the carrier was down", { pickup_point_pending: true }, true],
    ["an older method without an area", { pickup_point_id: "A" }, true],
    ["home delivery", { service_code: "PA_DOREN" }, false],
  ])("needsFollowing: %s", (_name, data, expected) => {
    expect(needsFollowing(data as never, area)).toBe(expected)
  })

  it("keeps a point that still serves the new address, else takes the nearest there", () => {
    const chosen = { service_code: "SERVICEPAKKE", pickup_point_id: "B", pickup_point_chosen_by: "shopper", pickup_point_area: { country_code: "NO", postal_code: "9601" } }
    expect(followAddress(chosen, area, [point("A"), point("B")])).toEqual({
      ...chosen,
      pickup_point: expect.objectContaining({ id: "B", name: "Point B" }),
      pickup_point_area: area,
    })
    const unverified = { service_code: "SERVICEPAKKE", pickup_point_id: "B", pickup_point_verified: false }
    expect(followAddress(unverified, area, [point("B")])).toEqual({
      service_code: "SERVICEPAKKE",
      pickup_point_id: "B",
      pickup_point: expect.objectContaining({ id: "B" }),
      pickup_point_area: area,
    })
    expect(followAddress(chosen, area, [point("C"), point("D")])).toMatchObject({
      service_code: "SERVICEPAKKE",
      pickup_point_id: "C",
      pickup_point: { id: "C", name: "Point C" },
      pickup_point_chosen_by: "nearest",
      pickup_point_area: area,
    })
    expect(followAddress({ pickup_point_pending: true, service_code: "SERVICEPAKKE" }, area, [point("C")])).toEqual(
      expect.not.objectContaining({ pickup_point_pending: true })
    )
    expect(followAddress(chosen, area, [])).toBeUndefined()
  })

  it.each([
    ["Strandgaten 1", { street: "Strandgaten", streetNumber: "1" }],
    ["Karl Johans gate 12B", { street: "Karl Johans gate", streetNumber: "12B" }],
    ["Storgata 2 b", { street: "Storgata", streetNumber: "2b" }],
    ["Postboks", { street: "Postboks" }],
    ["", {}],
    [null, {}],
  ])("streetOf(%p)", (line, expected) => {
    expect(streetOf(line)).toEqual(expected)
  })
})

describe("unsafe text", () => {
  it.each([
    ["plain", "Strandgaten 1", false],
    ["Norwegian letters and an emoji (a valid pair)", "Dør 🚪", false],
    ["NUL", "a\u0000b", true],
    ["a lone high surrogate", "x\ud83d", true],
    ["a lone low surrogate", "\udc00y", true],
  ])("%s", (_name, text, unsafe) => {
    expect(isUnsafeText(text)).toBe(unsafe)
  })

  it("names the first unsafe field the way the request wrote it", () => {
    expect(findUnsafeText({ services: { PA_DOREN: { name: "x\u0000" } } })).toBe("services.PA_DOREN.name")
    expect(findUnsafeText({ list: ["ok", "\ud800"] })).toBe("list[1]")
    expect(findUnsafeText({ "bad\u0000key": 1 })).toBe("(root): a key")
    expect(findUnsafeText({ fine: ["a", { b: 1 }] })).toBeUndefined()
  })
})

describe("bounded memory", () => {
  it("drops the oldest pickup-point listings past the entry bound and the byte bound", async () => {
    const byCount = new TtlCache<string>({ maxEntries: 2 })
    for (const key of ["a", "b", "c"]) await byCount.set(key, key, 60)
    expect(byCount.size().entries).toBe(2)
    expect(await byCount.get("a")).toBeUndefined()
    expect(await byCount.get("c")).toBe("c")

    const byBytes = new TtlCache<string>({ maxBytes: 25 })
    await byBytes.set("a", "x".repeat(10), 60) // 12 bytes as JSON
    await byBytes.set("b", "y".repeat(10), 60)
    await byBytes.set("c", "z".repeat(10), 60)
    expect(byBytes.size()).toEqual({ entries: 2, bytes: 24 })
    expect(await byBytes.get("a")).toBeUndefined()
    await byBytes.set("huge", "h".repeat(100), 60) // larger than the whole bound: not kept in memory
    expect(await byBytes.get("huge")).toBeUndefined()
    expect(byBytes.size().bytes).toBeLessThanOrEqual(25)
  })

  it("token buckets: a burst, then the refill rate, per client; a bounded number of clients", () => {
    let now = 0
    const buckets = new TokenBuckets(3, () => now)
    const limits = { burst: 2, perMinute: 60 }
    expect(buckets.take("a", limits)).toEqual({ allowed: true })
    expect(buckets.take("a", limits)).toEqual({ allowed: true })
    expect(buckets.take("a", limits)).toEqual({ allowed: false, retryAfterSeconds: 1 })
    expect(buckets.take("b", limits)).toEqual({ allowed: true }) // another client has its own bucket
    now += 1000
    expect(buckets.take("a", limits)).toEqual({ allowed: true })
    for (const client of ["c", "d", "e"]) buckets.take(client, limits)
    expect(buckets.size()).toBe(3)
  })
})

describe("servicesFor", () => {
  const options = parseOptions({
    baseUrl: "https://carrier.example",
    apiUid: "u",
    apiKey: "k",
    services: [{ code: "SERVICEPAKKE" }, { code: "PA_DOREN", offered: false }, { code: "9300", isReturn: true }],
  })
  const neutral = { offered: true, priceSource: "net" as const, isReturn: false, qrCodes: false, additionalServices: [] }

  it("adds the services shipping options use to the configured ones, once, and never a switched-off one", () => {
    const inUse = [
      { ...neutral, code: "BEDRIFTSPAKKE", customerNumber: "5" },
      { ...neutral, code: "BEDRIFTSPAKKE", customerNumber: "5" },
      { ...neutral, code: "PA_DOREN" },
      { ...neutral, code: "SERVICEPAKKE" },
    ]
    expect(servicesFor(options, "outbound", inUse).map((s) => [s.code, s.customerNumber])).toEqual([
      ["SERVICEPAKKE", undefined],
      ["BEDRIFTSPAKKE", "5"],
    ])
    expect(servicesFor(options, "return", inUse).map((s) => s.code)).toEqual(["9300"])
  })
})
