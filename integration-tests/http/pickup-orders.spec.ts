import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { AxiosResponse } from "axios"
import { carrierToday, isWorkingDay, nextWorkingDay } from "../../src/lib/pickup-order/pickup-date"
import { createAdminHeaders } from "../helpers/admin"
import { eventually } from "../helpers/eventually"
import { responseOf } from "../helpers/http"
import { NORDIC_SANDBOX_USERS, seedNordicStore, type NordicStore } from "../helpers/nordic-store"
import { useSandbox } from "../helpers/sandbox"

jest.setTimeout(600 * 1000)

/**
 * Ordering a pickup, as a merchant without a fixed daily collection does it: a bulk run books the
 * day's orders from the Oslo and Gothenburg warehouses, then the merchant orders the van for the
 * next working day from the admin. The plugin fills in the warehouse's address, phone and
 * agreement and the packages waiting; one van per warehouse and day unless the merchant orders
 * another; refusals and a carrier that is down leave nothing ordered.
 */
const sandbox = useSandbox({ users: NORDIC_SANDBOX_USERS })
const PICKUPS = "/admin/nordic-parcel/pickup-orders"
const PICKUP_PATH = "/booking/api/pickupOrder"
const OSLO_ORDERS = 10
const GOTHENBURG_ORDERS = 2

const answerOf = (request: Promise<AxiosResponse>) => request.catch(responseOf)
/** Never the day the test happens to run: the first working day after today (carrier time). */
const nextWorkingDayFromToday = () => nextWorkingDay(carrierToday(new Date()))
function nextWeekendDay(): string {
  let date = carrierToday(new Date())
  do date = new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
  while (isWorkingDay(date))
  return date
}
const pickupRequestsSent = () => sandbox().requests.filter((r) => r.path === PICKUP_PATH)

medusaIntegrationTestRunner({
  inApp: true,
  env: {},
  testSuite: ({ api, getContainer }) => {
    let store: NordicStore
    let storeHeaders: { headers: Record<string, string> }
    let adminHeaders: { headers: Record<string, string> }

    async function placeOrder(n: number, from: "oslo" | "gothenburg") {
      const sweden = from === "gothenburg"
      const { data } = await api.post(
        "/store/carts",
        {
          region_id: sweden ? store.regions.sweden : store.regionId,
          sales_channel_id: store.salesChannelId,
          email: `pickup+${from}${n}@example.com`,
          shipping_address: sweden
            ? { first_name: "Sven", last_name: "Svensson", address_1: "Drottninggatan 5", city: "Stockholm", country_code: "se", postal_code: "11122", phone: "+46701234567" }
            : { first_name: "Kari", last_name: "Nordmann", address_1: "Strandgaten 1", city: "Bergen", country_code: "no", postal_code: "5004", phone: "+4712345678" },
        },
        storeHeaders
      )
      const cartId = data.cart.id as string
      await api.post(`/store/carts/${cartId}/line-items`, { variant_id: sweden ? store.mug : store.variants.flat, quantity: 1 }, storeHeaders)
      await api.post(`/store/carts/${cartId}/shipping-methods`, { option_id: sweden ? store.gothenburg : store.options.PA_DOREN }, storeHeaders)
      const { data: pc } = await api.post(`/store/payment-collections`, { cart_id: cartId }, storeHeaders)
      await api.post(`/store/payment-collections/${pc.payment_collection.id}/payment-sessions`, { provider_id: "pp_system_default" }, storeHeaders)
      const { data: completed } = await api.post(`/store/carts/${cartId}/complete`, {}, storeHeaders)
      expect(completed.type).toBe("order")
      return completed.order.id as string
    }

    beforeAll(async () => {
      store = await seedNordicStore(getContainer())
      storeHeaders = { headers: { "x-publishable-api-key": store.publishableKey } }
      adminHeaders = await createAdminHeaders(api, getContainer())
      const saved = await api.post(
        "/admin/nordic-parcel/settings",
        {
          locations: {
            [store.stockLocationId]: { contact_name: "Ola Lager", email: "oslo@nordiskhage.no" },
            [store.gothenburgId]: { customer_number: "8", sender_name: "Nordisk Hage AB", contact_name: "Lisa Lager", email: "goteborg@nordiskhage.se" },
          },
        },
        adminHeaders
      )
      expect(saved.status).toBe(200)

      // The day's orders, booked in one bulk run from the bookings page.
      const orderIds: string[] = []
      for (let n = 0; n < OSLO_ORDERS; n += 5) orderIds.push(...(await Promise.all([0, 1, 2, 3, 4].map((i) => placeOrder(n + i, "oslo")))))
      orderIds.push(...(await Promise.all(Array.from({ length: GOTHENBURG_ORDERS }, (_, i) => placeOrder(i, "gothenburg")))))
      const { data: created } = await api.post("/admin/nordic-parcel/bulk-bookings", { order_ids: orderIds }, adminHeaders)
      const run = await eventually(
        async () => {
          const { data } = await api.get(`/admin/nordic-parcel/bulk-bookings/${created.bulk_booking.id}`, adminHeaders)
          return data.bulk_booking.status === "done" ? data.bulk_booking : undefined
        },
        { timeoutMs: 400_000, intervalMs: 500 }
      )
      expect(run.counts).toMatchObject({ total: OSLO_ORDERS + GOTHENBURG_ORDERS, booked: OSLO_ORDERS + GOTHENBURG_ORDERS })
    }, 900_000)

    afterEach(() => sandbox().clearFaults())

    const order = (body: Record<string, unknown>) => answerOf(api.post(PICKUPS, body, adminHeaders))
    const list = async (query = "") => (await api.get(`${PICKUPS}${query}`, adminHeaders)).data

    it("orders a pickup at Oslo for the next working day with Oslo's address, phone, customer number and the 10 packages booked; stores and lists the confirmation", async () => {
      const date = nextWorkingDayFromToday()
      // The drawer is filled in from what the plugin knows.
      const { draft } = await list(`?location_id=${store.stockLocationId}&pickup_date=${date}`)
      expect(draft).toMatchObject({ location_id: store.stockLocationId, pickup_date: date, number_of_packages: OSLO_ORDERS, problems: [], existing: [] })

      const sentBefore = sandbox().pickupOrders.length
      const res = await order({ location_id: store.stockLocationId, pickup_date: date, ready_at: "10:00", message: "Ring at gate 2" })
      expect([res.status, res.data.message]).toEqual([201, undefined])

      const received = sandbox().pickupOrders.slice(sentBefore)
      expect(received).toHaveLength(1)
      expect(received[0].request).toEqual({
        customerInformation: { customerNumber: "5", companyName: "Oslo warehouse" },
        pickupAddress: { street: "Karl Johans gate 1", postalCode: "0154", city: "Oslo", email: "oslo@nordiskhage.no", phoneNumber: "+4791234567", message: "Ring at gate 2 · Contact: Ola Lager" },
        pickupDate: date,
        pickupIsReadyAtTime: "10:00",
        pickupTimeZone: null,
        countryCode: "NO",
        service: "PARCEL",
        pickupDetails: { numberOfPackages: OSLO_ORDERS, numberOfPostContainers: 0, numberOfPallets: 0 },
        testIndicator: true,
      })
      const confirmed = {
        location_id: store.stockLocationId,
        location_name: "Oslo warehouse",
        pickup_date: date,
        status: "ordered",
        number_of_packages: OSLO_ORDERS,
        customer_number: "5",
        test: true,
        earliest_pickup_at: new Date(received[0].earliestPickupDate).toISOString(),
        latest_pickup_at: new Date(received[0].latestPickupDate).toISOString(),
        receipt_url: `${sandbox().url}/booking/pickup-orders/${received[0].packageNumber}`,
        carrier_reference: received[0].packageNumber,
      }
      expect(res.data.pickup_order).toMatchObject({ ...confirmed, id: expect.stringMatching(/^nppick_/) })

      const listed = await list()
      expect(listed.pickup_orders).toEqual([res.data.pickup_order])
      expect(listed.next_pickups).toEqual({ [store.stockLocationId]: res.data.pickup_order })
      // The receipt link works.
      expect((await fetch(res.data.pickup_order.receipt_url)).status).toBe(200)
    })

    it("orders from Gothenburg on its Swedish customer number with its sender and its own 2 packages; the list puts the soonest pickup first", async () => {
      const date = nextWorkingDayFromToday()
      const later = nextWorkingDay(date)
      const first = await order({ location_id: store.gothenburgId, pickup_date: later })
      expect(first.status).toBe(201)
      const res = await order({ location_id: store.gothenburgId, pickup_date: date })
      expect([res.status, res.data.message]).toEqual([201, undefined])
      const sent = sandbox().pickupOrders.at(-1)!
      expect(sent.customerNumber).toBe("8")
      expect(sent.request).toMatchObject({
        customerInformation: { customerNumber: "8", companyName: "Nordisk Hage AB" },
        pickupAddress: { street: "Lagergatan 4", postalCode: "41101", city: "Göteborg", phoneNumber: "+46311234567", email: "goteborg@nordiskhage.se" },
        countryCode: "SE",
        pickupDetails: { numberOfPackages: GOTHENBURG_ORDERS },
      })
      expect(res.data.pickup_order).toMatchObject({ customer_number: "8", number_of_packages: GOTHENBURG_ORDERS, status: "ordered" })
      const listed = await list()
      expect(listed.pickup_orders.map((o: { pickup_date: string }) => o.pickup_date)).toEqual([date, later])
      expect(listed.next_pickups[store.gothenburgId].pickup_date).toBe(date)
    })

    it("refuses a second pickup for the same location and date with 409 naming the first, and accepts it with order_another", async () => {
      const date = nextWorkingDayFromToday()
      const first = await order({ location_id: store.stockLocationId, pickup_date: date })
      expect(first.status).toBe(201)
      const sent = pickupRequestsSent().length

      const again = await order({ location_id: store.stockLocationId, pickup_date: date, number_of_packages: 2 })
      expect(again.status).toBe(409)
      expect(again.data.message).toContain(first.data.pickup_order.id)
      expect(again.data.message).toContain(first.data.pickup_order.carrier_reference)
      expect(again.data.message).toMatch(/order_another/)
      expect(again.data.pickup_order).toEqual(first.data.pickup_order)
      expect(pickupRequestsSent()).toHaveLength(sent)

      const another = await order({ location_id: store.stockLocationId, pickup_date: date, number_of_packages: 2, order_another: true })
      expect(another.status).toBe(201)
      expect(another.data.pickup_order).toMatchObject({ sequence: 2, number_of_packages: 2, status: "ordered" })
      expect((await list()).pickup_orders).toHaveLength(2)
    })

    it("three clicks at once order exactly one van: one answer 201, the others 409, and the carrier receives one order", async () => {
      const date = nextWorkingDayFromToday()
      const sent = pickupRequestsSent().length
      const body = { location_id: store.stockLocationId, pickup_date: date }
      const answers = await Promise.all([order(body), order(body), order(body)])
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409])
      expect(pickupRequestsSent()).toHaveLength(sent + 1)
      const ordered = answers.find((a) => a.status === 201)!.data.pickup_order
      expect((await list()).pickup_orders).toEqual([ordered])
    })

    it.each([
      ["a weekend date", () => ({ pickup_date: nextWeekendDay() }), /pickup_date \d{4}-\d{2}-\d{2} is a (Saturday|Sunday)/],
      ["a date in the past", () => ({ pickup_date: "2020-01-06" }), /pickup_date 2020-01-06 is in the past/],
      ["a date not in the form", () => ({ pickup_date: "30.11.2026" }), /pickup_date must be a date in the form yyyy-MM-dd/],
      ["a ready time not in the form", () => ({ ready_at: "9" }), /ready_at must be a time HH:mm/],
      ["a negative count", () => ({ number_of_packages: -1 }), /'number_of_packages' too small, expected at least: '0'/],
      ["an unknown field", () => ({ van: "big" }), /van/],
    ])("refuses %s with 400 naming the field, sending nothing", async (_, overrides, message) => {
      const sent = pickupRequestsSent().length
      const res = await order({ location_id: store.stockLocationId, pickup_date: nextWorkingDayFromToday(), ...overrides() })
      expect(res.status).toBe(400)
      expect(res.data.message).toMatch(message)
      expect(pickupRequestsSent()).toHaveLength(sent)
      expect((await list()).pickup_orders).toEqual([])
    })

    it("refuses a location without phone with 400 naming the field, and an unknown location with 404", async () => {
      const { data } = await api.post(
        "/admin/stock-locations",
        { name: "Bergen depot", address: { address_1: "Bryggen 1", city: "Bergen", country_code: "NO", postal_code: "5003" } },
        adminHeaders
      )
      const locationId = data.stock_location.id as string
      const { draft } = await list(`?location_id=${locationId}`)
      expect(draft.problems.map((p: { field: string }) => p.field)).toEqual(["stock_location.address.phone"])

      const res = await order({ location_id: locationId, pickup_date: nextWorkingDayFromToday(), number_of_packages: 1 })
      expect(res.status).toBe(400)
      expect(res.data.message).toMatch(/stock_location\.address\.phone: stock location "Bergen depot": address\.phone .* is required/)
      const unknown = await order({ location_id: "sloc_missing", pickup_date: nextWorkingDayFromToday() })
      expect(unknown.status).toBe(404)
      expect(unknown.data.message).toMatch(/location_id: stock location sloc_missing was not found/)
    })

    it("a gateway's 502, 503 or 504, or a 200 the plugin cannot read, may hide an order: the reservation stays unconfirmed with the carrier's answer, the next click gets 409, and order_another orders the second van", async () => {
      const outcomes: { name: string; fault: Parameters<ReturnType<typeof sandbox>["fault"]>[1]; answer: RegExp }[] = [
        { name: "502", fault: { kind: "answer", status: 502, headers: { "content-type": "text/html" }, body: "<html><body>Bad Gateway from the edge</body></html>", times: 1 }, answer: /502.*Bad Gateway from the edge/ },
        { name: "503", fault: { kind: "status", status: 503, times: 1 }, answer: /503/ },
        { name: "504", fault: { kind: "answer", status: 504, headers: { "content-type": "text/plain" }, body: "upstream timed out", times: 1 }, answer: /504.*upstream timed out/ },
        { name: "unreadable 200", fault: { kind: "answer", status: 200, headers: { "content-type": "application/json" }, body: JSON.stringify({ pickupConfirmation: { receipt: 17 } }), times: 1 }, answer: /unexpected response body/ },
      ]
      let date = nextWorkingDayFromToday()
      for (const outcome of outcomes) {
        date = nextWorkingDay(date)
        sandbox().fault("booking", outcome.fault)
        const failed = await order({ location_id: store.stockLocationId, pickup_date: date })
        expect([outcome.name, failed.status]).toEqual([outcome.name, expect.any(Number)])
        expect(failed.status).toBeGreaterThanOrEqual(500)
        const held = (await list()).pickup_orders.filter((p: { pickup_date: string }) => p.pickup_date === date)
        expect([outcome.name, held]).toEqual([outcome.name, [expect.objectContaining({ status: "unconfirmed", last_error: expect.stringMatching(outcome.answer) })]])
        // Bounded and scrubbed: the carrier's answer, never the plugin's credentials.
        expect(held[0].last_error.length).toBeLessThanOrEqual(2000)
        expect(held[0].last_error).not.toContain(sandbox().credentials.apiKey)

        const again = await order({ location_id: store.stockLocationId, pickup_date: date })
        expect([outcome.name, again.status]).toEqual([outcome.name, 409])
        expect(again.data.message).toMatch(new RegExp(`\\(${held[0].id}\\).*carrier may have it.*order_another`))
        const another = await order({ location_id: store.stockLocationId, pickup_date: date, order_another: true })
        expect([outcome.name, another.status]).toEqual([outcome.name, 201])
      }
    })

    it("a carrier that throttles the request (429: not processed) records nothing; ordering again afterwards works", async () => {
      const date = nextWorkingDayFromToday()
      sandbox().fault("booking", { kind: "status", status: 429, times: 10 })
      const sentBefore = sandbox().pickupOrders.length
      const throttled = await order({ location_id: store.stockLocationId, pickup_date: date })
      expect(throttled.status).toBe(429)
      expect((await list()).pickup_orders).toEqual([])
      expect(sandbox().pickupOrders).toHaveLength(sentBefore)
      sandbox().clearFaults()

      const again = await order({ location_id: store.stockLocationId, pickup_date: date })
      expect(again.status).toBe(201)
    })

    it("a carrier refusal answers 400 with the carrier's message and records nothing", async () => {
      // The carrier refuses a customer number the API user may not use.
      await api.post("/admin/nordic-parcel/settings", { locations: { [store.stockLocationId]: { customer_number: "9" } } }, adminHeaders)
      const res = await order({ location_id: store.stockLocationId, pickup_date: nextWorkingDayFromToday() })
      expect(res.status).toBe(400)
      expect(res.data.message).toMatch(/PICKUP-INPUT-002.*Invalid customer number 9/)
      expect((await list()).pickup_orders).toEqual([])
    })

    it("a request whose answer never comes stays unconfirmed: the merchant is told to check the carrier, and may order another", async () => {
      const date = nextWorkingDayFromToday()
      sandbox().fault("booking", { kind: "hang", times: 1 })
      const lost = await order({ location_id: store.stockLocationId, pickup_date: date })
      expect(lost.status).toBe(503)
      const [unconfirmed] = (await list()).pickup_orders
      expect(unconfirmed).toMatchObject({ status: "unconfirmed", pickup_date: date, last_error: expect.stringMatching(/timeout/) })

      const again = await order({ location_id: store.stockLocationId, pickup_date: date })
      expect(again.status).toBe(409)
      expect(again.data.message).toMatch(new RegExp(`never confirmed \\(${unconfirmed.id}\\).*carrier's portal.*order_another`))
      const another = await order({ location_id: store.stockLocationId, pickup_date: date, order_another: true })
      expect(another.status).toBe(201)
    })
  },
})
