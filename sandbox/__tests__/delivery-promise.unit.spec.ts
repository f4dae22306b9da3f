import { DEMO_CREDENTIALS, startSandbox, type Sandbox } from ".."
import { servicepakkeRequest, withProduct, type BookingRequest } from "./booking-fixtures"
import { api, jsonOf, type Api } from "./helpers"

/**
 * The delivery promise as the carrier documents it (carrier notes 53–56): alternative days, time
 * slots, estimated arrival at pickup points, posting at a post office, and the requested day a
 * booking carries.
 */

/** Oslo 0150 → Oslo 0154 (zone 1, one working day), shipped Monday 23 November 2026. */
function lookupBody(products: string[], extra: Record<string, unknown> = {}, consignment: Record<string, unknown> = {}) {
  return {
    withPrice: true,
    withExpectedDelivery: true,
    ...extra,
    consignments: [
      {
        id: 1,
        products: products.map((id) => ({ id })),
        fromCountryCode: "NO",
        fromPostalCode: "0150",
        toCountryCode: "NO",
        toPostalCode: "0154",
        packages: [{ id: 1, grossWeight: 1000, length: 30, width: 20, height: 10 }],
        shippingDate: { year: "2026", month: "11", day: "23", hour: "10", minute: "00" },
        ...consignment,
      },
    ],
  }
}

describe("delivery promise", () => {
  let sandbox: Sandbox
  let client: Api

  beforeAll(async () => {
    sandbox = await startSandbox({
      startAt: new Date("2026-11-23T08:00:00Z"),
      users: [{ ...DEMO_CREDENTIALS, customerNumbers: ["5", "6", "7"], admin: true }],
    })
    client = api(sandbox)
  })
  beforeEach(() => sandbox.reset())
  afterAll(() => sandbox.close())

  async function lookup(body: unknown) {
    const { status, body: answer } = await jsonOf(client.post("/shippingguide/v2/products", body))
    return { status, answer }
  }
  const product = async (id: string, extra: Record<string, unknown> = {}, consignment: Record<string, unknown> = {}) => {
    const { status, answer } = await lookup(lookupBody([id], extra, consignment))
    expect(status).toBe(200)
    return answer.consignments[0].products[0]
  }

  describe("alternative delivery days", () => {
    it.each([
      // Expected Tuesday 24 November; alternatives are the working days after it (the weekend skipped).
      [0, []],
      [1, ["2026-11-25"]],
      [4, ["2026-11-25", "2026-11-26", "2026-11-27", "2026-11-30"]],
      [9, ["2026-11-25", "2026-11-26", "2026-11-27", "2026-11-30", "2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04", "2026-12-07"]],
    ])("asked for %i, answers them as working days after the expected one", async (count, days) => {
      const { expectedDelivery } = await product("PA_DOREN", { numberOfAlternativeDeliveryDates: count })
      expect(expectedDelivery.expectedDeliveryDate).toMatchObject({ year: "2026", month: "11", day: "24" })
      const alternatives = expectedDelivery.alternativeDeliveryDates.map(
        (a: any) => `${a.expectedDeliveryDate.year}-${a.expectedDeliveryDate.month.padStart(2, "0")}-${a.expectedDeliveryDate.day.padStart(2, "0")}`
      )
      expect(alternatives).toEqual(days)
      for (const alternative of expectedDelivery.alternativeDeliveryDates) {
        expect(alternative.formattedExpectedDeliveryDate).toMatch(/^\d{2}\.\d{2}\.\d{4}$/)
        expect(alternative.shippingDate).toMatchObject({ year: expect.any(String), month: expect.any(String), day: expect.any(String) })
      }
    })

    it.each([10, -1, 2.5, "3"])("refuses %p alternatives with 400 naming the field, as the carrier does", async (count) => {
      const { status, answer } = await lookup(lookupBody(["PA_DOREN"], { numberOfAlternativeDeliveryDates: count }))
      expect(status).toBe(400)
      expect(answer.fieldErrors).toContainEqual(expect.objectContaining({ field: "numberOfAlternativeDeliveryDates" }))
    })

    it("the GET form takes numberofdeliverydates", async () => {
      const { status, body } = await jsonOf(
        client.get("/shippingguide/v2/products?product=PA_DOREN&fromcountry=NO&frompostalcode=0150&tocountry=NO&topostalcode=0154&date=2026-11-23&numberofdeliverydates=2")
      )
      expect(status).toBe(200)
      expect(body.consignments[0].products[0].expectedDelivery.alternativeDeliveryDates).toHaveLength(2)
    })
  })

  describe("time slots", () => {
    it.each([
      ["PA_DOREN", { startTime: { hour: "17", minute: "0" }, endTime: { hour: "21", minute: "0" } }],
      ["5600", { startTime: { hour: "8", minute: "0" }, endTime: { hour: "16", minute: "0" } }],
    ])("%s gives its time slot on the expected day and on each alternative", async (id, slot) => {
      const { expectedDelivery } = await product(id, { numberOfAlternativeDeliveryDates: 2 })
      expect(expectedDelivery.expectedDeliveryDate.timeSlots).toEqual([slot])
      for (const alternative of expectedDelivery.alternativeDeliveryDates) expect(alternative.expectedDeliveryDate.timeSlots).toEqual([slot])
    })

    it.each(["SERVICEPAKKE", "BPAKKE_DOR-DOR", "5800"])("%s gives no time slot", async (id) => {
      const { expectedDelivery } = await product(id)
      expect(expectedDelivery.expectedDeliveryDate).not.toHaveProperty("timeSlots")
    })
  })

  describe("estimated arrival at pickup points", () => {
    const points = [{ id: "101541" }, { id: "101542" }, { id: "101543" }]

    it.each(["SERVICEPAKKE", "5800"])("%s answers one window per listed point on the expected day", async (id) => {
      const answer = await product(id, { withEstimatedDeliveryTime: true }, { pickupPoints: points })
      expect(answer.estimatedDeliveryTimes).toHaveLength(3)
      for (const [index, time] of answer.estimatedDeliveryTimes.entries()) {
        expect(time).toEqual({
          pickupPointId: points[index].id,
          deliveryStartTime: expect.stringMatching(/^\d{2}:\d{2}$/),
          deliveryEndTime: expect.stringMatching(/^\d{2}:\d{2}$/),
          formattedExpectedDeliveryDate: "24.11.2026",
        })
        expect(time.deliveryStartTime < time.deliveryEndTime).toBe(true)
      }
    })

    it("gives none without withEstimatedDeliveryTime, without points, or for a service the carrier does not estimate", async () => {
      expect(await product("SERVICEPAKKE", {}, { pickupPoints: points })).not.toHaveProperty("estimatedDeliveryTimes")
      expect(await product("SERVICEPAKKE", { withEstimatedDeliveryTime: true })).not.toHaveProperty("estimatedDeliveryTimes")
      expect(await product("PA_DOREN", { withEstimatedDeliveryTime: true }, { pickupPoints: points })).not.toHaveProperty("estimatedDeliveryTimes")
    })
  })

  describe("posting at a post office", () => {
    const price = (p: any) => Number(p.price.listPrice.priceWithoutAdditionalServices.amountWithoutVAT)

    it.each([
      ["SERVICEPAKKE", true],
      ["BPAKKE_DOR-DOR", true],
      ["PA_DOREN", false],
    ])("%s: surcharge %s when the POST body says postingAtPostOffice", async (id, surcharged) => {
      const plain = price(await product(id))
      const posted = price(await product(id, { postingAtPostOffice: true }))
      expect(posted > plain).toBe(surcharged)
      if (!surcharged) expect(posted).toBe(plain)
    })
  })

  describe("requested delivery day in a booking", () => {
    async function book(request: BookingRequest) {
      const { status, body } = await jsonOf(client.post("/booking/api/booking", request))
      const errors = (body.consignments?.[0]?.errors ?? []) as { code: string; messages: { message: string }[] }[]
      return { status, errors: errors.map((e) => ({ code: e.code, message: e.messages.map((m) => m.message).join(" ") })) }
    }
    /** PA_DOREN Oslo → Bergen (zone 3, two working days) shipped Monday 23 November 10:00: first delivery Wednesday 25. */
    function paDoren(day?: string): BookingRequest {
      const request = servicepakkeRequest()
      const consignment = withProduct(request, { id: "PA_DOREN", customerNumber: "5", additionalServices: [{ id: "EVARSLING", mobile: "+4791234567" }] })
      if (day !== undefined) consignment.customerSpecifiedDeliveryDateTime = day
      return request
    }

    it("books a day the service can reach and stores it as received", async () => {
      const { status } = await book(paDoren("2026-11-27T12:00:00"))
      expect(status).toBe(200)
      expect((sandbox.bookings.at(-1)?.request as Record<string, unknown> | undefined)?.customerSpecifiedDeliveryDateTime).toBe("2026-11-27T12:00:00")
    })

    it.each([
      ["a day before the first possible delivery", paDoren("2026-11-24T12:00:00"), /2026-11-24.*before the first possible delivery day 2026-11-25/],
      ["a day that is not a date", paDoren("next friday"), /customerSpecifiedDeliveryDateTime must be yyyy-MM-ddTHH:mm:ss/],
    ])("refuses %s with 400", async (_name, request, message) => {
      const { status, errors } = await book(request)
      expect(status).toBe(400)
      expect(errors).toContainEqual(expect.objectContaining({ message: expect.stringMatching(message) }))
      expect(sandbox.bookings).toHaveLength(0)
    })

    it("refuses a requested day on a service that does not take one", async () => {
      const request = servicepakkeRequest()
      request.consignments[0].customerSpecifiedDeliveryDateTime = "2026-11-27T12:00:00"
      const { status, errors } = await book(request)
      expect(status).toBe(400)
      expect(errors).toContainEqual(expect.objectContaining({ message: expect.stringMatching(/SERVICEPAKKE does not take customerSpecifiedDeliveryDateTime/) }))
    })

    it("a day that has passed by the carrier's clock is refused, whatever the shipping date says", async () => {
      await sandbox.clock.advance(5 * 24 * 3600 * 1000) // Saturday 28 November
      const { status, errors } = await book(paDoren("2026-11-27T12:00:00"))
      expect(status).toBe(400)
      expect(errors[0].message).toMatch(/2026-11-27 is before the first possible delivery day 2026-12-01/)
    })
  })
})
