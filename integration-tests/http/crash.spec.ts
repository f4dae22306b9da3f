import { eventually } from "../helpers/eventually"
import { BERGEN, BOOKING_PATH, TwoInstances, mapLimit, type Instance, type PlacedOrder } from "../helpers/two-instances"

/**
 * Deploys and crashes: `medusa start` in a child process is killed (SIGKILL of its process group)
 * while the carrier is still answering a booking, and again in the middle of a bulk run of 30
 * orders, then started again on the same database while the carrier sandbox keeps running. After
 * each, every order is either booked exactly once, or shown to the merchant as unconfirmed (with
 * the reference the carrier may have it under) and then booked with "Book again" or an ordinary
 * fulfilment: none is blocked, none is skipped. One instance on Medusa's in-memory modules (workflows and jobs die with it).
 * Medusa's output goes to .cache/instances/.
 */
jest.setTimeout(600 * 1000)

type Shipment = { id: string; fulfillment_id: string; status: string; unconfirmed: boolean; carrier_reference: string; consignment_number: string | null; last_error: { message: string } | null }
type BulkOrder = { order_id: string; status: string; fulfillment_id: string | null; message: string | null }
type BulkRun = { id: string; status: string; counts: Record<string, number>; orders: BulkOrder[] }

describe("a Medusa process killed while booking", () => {
  let stack: TwoInstances
  let medusa: Instance

  beforeAll(async () => {
    // A booking's time limit of 4 s: an attempt left without an answer is unconfirmed 14 s later.
    stack = new TwoInstances(undefined, { NP_REQUEST_MS: "4000" })
    await stack.start()
    ;[medusa] = stack.instances
  }, 420 * 1000)

  afterAll(async () => {
    await stack?.stop()
  }, 120 * 1000)

  const placeOrder = () => stack.placeOrder(medusa, BERGEN, [{ variant: stack.store.variants.flat, quantity: 1 }])
  const shipmentsOf = async (orderId: string) => (await stack.admin<{ shipments: Shipment[] }>(medusa, "GET", `/admin/nordic-parcel/orders/${orderId}`)).shipments
  const bookingRequests = () => stack.sandbox.requests.filter((r) => r.method === "POST" && r.path === BOOKING_PATH)
  /**
   * Bookings the carrier made for the order, whichever attempt sent them (one shopper's e-mail per
   * order, sent as the recipient's contact): a booking taken over by a later fulfilment counts too.
   */
  const carrierBookingsOf = async (orderId: string) => {
    const { order } = await stack.admin<{ order: { email: string } }>(medusa, "GET", `/admin/orders/${orderId}?fields=id,email`)
    return stack.sandbox.bookings.filter((b) => JSON.stringify(b.request).includes(`"${order.email}"`))
  }
  /** The order's fulfilments that are the order's (linked) and not cancelled, with their consignment. */
  const liveFulfillments = async (orderId: string) => {
    const { order } = await stack.admin<{ order: { fulfillments: { id: string; canceled_at: string | null; data: { consignment_number?: string } }[] } }>(
      medusa,
      "GET",
      `/admin/orders/${orderId}?fields=id,fulfillments.id,fulfillments.canceled_at,fulfillments.data`
    )
    return order.fulfillments.filter((f) => !f.canceled_at)
  }
  const bookAgain = (shipment: Shipment) =>
    stack.admin<{ fulfillment: { id: string; data: { consignment_number?: string } } }>(medusa, "POST", `/admin/nordic-parcel/shipments/${shipment.id}/rebook`)

  /** Booked exactly once: one fulfilment of the order, one booking in the ledger, one at the carrier. */
  async function expectBookedOnce(order: PlacedOrder) {
    const live = await liveFulfillments(order.id)
    expect(live).toHaveLength(1)
    const booked = (await shipmentsOf(order.id)).filter((s) => s.status === "booked")
    expect(booked.map((s) => [s.fulfillment_id, s.consignment_number])).toEqual([[live[0].id, live[0].data.consignment_number]])
    expect((await carrierBookingsOf(order.id)).map((b) => b.consignmentNumber)).toEqual([live[0].data.consignment_number])
  }

  it("a single booking: the attempt is unconfirmed after the restart, shown with its reference, and Book again books the order", async () => {
    const order = await placeOrder()
    // The carrier receives the booking and never answers.
    stack.sandbox.fault("booking", { kind: "hang", times: 1 })
    const sentBefore = bookingRequests().length
    const fulfilling = stack
      .admin(medusa, "POST", `/admin/orders/${order.id}/fulfillments`, { items: order.items.map((i) => ({ id: i.id, quantity: i.quantity })) })
      .then(
        () => "answered",
        () => "cut off"
      )
    await eventually(() => bookingRequests().length > sentBefore, { timeoutMs: 60_000 })
    await stack.kill(medusa)
    expect(await fulfilling).toBe("cut off")

    await stack.restart(medusa)
    // At start-up (or the minute's job) the attempt nothing waits for becomes unconfirmed.
    const unconfirmed = await eventually(async () => (await shipmentsOf(order.id)).find((s) => s.unconfirmed), { timeoutMs: 120_000, intervalMs: 1000 })
    expect(unconfirmed).toMatchObject({ status: "booking", consignment_number: null })
    expect(unconfirmed.last_error!.message).toMatch(new RegExp(`may have been booked with reference ${unconfirmed.carrier_reference}`))
    // The reference is the one the carrier received.
    expect((bookingRequests().at(-1)!.body as { consignments: { correlationId: string }[] }).consignments[0].correlationId).toBe(unconfirmed.carrier_reference)
    // The status page and the bookings page show it too.
    const status = await stack.admin<{ unconfirmed_bookings: { count: number; bookings: { id: string; carrier_reference: string }[] } }>(medusa, "GET", "/admin/nordic-parcel/status")
    expect(status.unconfirmed_bookings.bookings).toContainEqual(expect.objectContaining({ id: unconfirmed.id, carrier_reference: unconfirmed.carrier_reference }))
    const page = await stack.admin<{ orders: { id: string; unconfirmed_booking: { id: string } | null }[] }>(medusa, "GET", "/admin/nordic-parcel/unfulfilled-orders")
    expect(page.orders.find((o) => o.id === order.id)?.unconfirmed_booking).toMatchObject({ id: unconfirmed.id })

    // Not blocked: the merchant books it again.
    const rebooked = await bookAgain(unconfirmed)
    expect(rebooked.fulfillment.data.consignment_number).toEqual(expect.any(String))
    await expectBookedOnce(order)
    expect((await shipmentsOf(order.id)).find((s) => s.id === unconfirmed.id)).toMatchObject({ status: "failed", unconfirmed: false })
  })

  // Medusa's workflow, once the carrier booked and the stock level was lowered, does three writes
  // side by side: it counts the items as fulfilled on the order, links the fulfilment to the order
  // and trims the stock reservations. Locks on some of their tables hold those writes back; the
  // process is killed once the one left free is written.
  type HalfWritten = "linked" | "counted"
  /** A product whose stock Medusa manages (100 at the Oslo warehouse), so orders reserve it. */
  let stocked: { variant: string; inventoryItem: string }
  beforeAll(async () => {
    // In the profile of the store's carrier options (Medusa also has a default one).
    const { shipping_profiles } = await stack.admin<{ shipping_profiles: { id: string; name: string }[] }>(medusa, "GET", "/admin/shipping-profiles")
    const parcels = shipping_profiles.find((p) => p.name === "Parcels")!
    const sku = `STOCKED-${stack.runId}`
    const { product } = await stack.admin<{ product: { variants: { id: string }[] } }>(medusa, "POST", "/admin/products", {
      title: "Stocked poster",
      status: "published",
      shipping_profile_id: parcels.id,
      sales_channels: [{ id: stack.store.salesChannelId }],
      options: [{ title: "Default", values: ["Default"] }],
      variants: [
        { title: "Default", sku, options: { Default: "Default" }, manage_inventory: true, weight: 300, length: 30, width: 22, height: 2, prices: [{ amount: 249, currency_code: "nok" }] },
      ],
    })
    const { inventory_items } = await stack.admin<{ inventory_items: { id: string }[] }>(medusa, "GET", `/admin/inventory-items?sku=${sku}`)
    await stack.admin(medusa, "POST", `/admin/inventory-items/${inventory_items[0].id}/location-levels`, { location_id: stack.store.stockLocationId, stocked_quantity: 100 })
    stocked = { variant: product.variants[0].id, inventoryItem: inventory_items[0].id }
  })
  const placeStockedOrder = (quantity: number) => stack.placeOrder(medusa, BERGEN, [{ variant: stocked.variant, quantity }])
  /** The warehouse's stock of the stocked product, and the units of the order's lines still reserved. */
  const stock = async (order: PlacedOrder) => {
    const [{ inventory_levels }, { reservations }] = await Promise.all([
      stack.admin<{ inventory_levels: { location_id: string; stocked_quantity: number }[] }>(medusa, "GET", `/admin/inventory-items/${stocked.inventoryItem}/location-levels`),
      stack.admin<{ reservations: { quantity: number }[] }>(medusa, "GET", `/admin/reservations?${order.items.map((i) => `line_item_id[]=${i.id}`).join("&")}`),
    ])
    return {
      stocked: Number(inventory_levels.find((l) => l.location_id === stack.store.stockLocationId)?.stocked_quantity),
      reserved: reservations.reduce((sum, r) => sum + Number(r.quantity), 0),
    }
  }

  /**
   * Fulfils `items` while `heldTables` are locked, and kills the process once Medusa wrote the
   * `written` half; returns the booking the carrier made.
   */
  async function killBetweenTheLastWrites(order: PlacedOrder, items: { id: string; quantity: number }[], heldTables: string[], written: HalfWritten) {
    const bookingsBefore = stack.sandbox.bookings.length
    const db = await stack.databaseClient()
    try {
      await db.query("begin")
      await db.query(`lock table ${heldTables.join(", ")} in exclusive mode`)
      const fulfilling = stack.admin(medusa, "POST", `/admin/orders/${order.id}/fulfillments`, { items }).then(
        () => "answered",
        () => "cut off"
      )
      await eventually(
        async () => {
          const { rows } =
            written === "linked"
              ? await db.query(`select 1 from order_fulfillment where order_id = $1 and deleted_at is null`, [order.id])
              : await db.query(`select 1 from order_item where order_id = $1 and fulfilled_quantity > 0 and deleted_at is null`, [order.id])
          return rows.length > 0
        },
        { timeoutMs: 60_000, intervalMs: 20 }
      )
      await stack.kill(medusa)
      expect(await fulfilling).toBe("cut off")
    } finally {
      await db.query("rollback").catch(() => undefined)
      await db.end()
    }
    // The carrier made the booking before the process was killed.
    const made = stack.sandbox.bookings.slice(bookingsBefore)
    expect(made).toHaveLength(1)
    return made[0]
  }
  type OrderState = { fulfillment_status: string; items: { id: string; detail: { fulfilled_quantity: number } }[] }
  // The order as the admin shows it (Medusa reckons the fulfilment status from the fields it reads).
  const orderState = async (order: PlacedOrder) => (await stack.admin<{ order: OrderState }>(medusa, "GET", `/admin/orders/${order.id}`)).order
  const fulfilledUnits = (state: OrderState, lineId: string) => Number(state.items.find((i) => i.id === lineId)?.detail.fulfilled_quantity)

  it.each([
    ["linked to the order; its items not counted as fulfilled, their reservation kept", ["order_change", "reservation_item"], "linked"],
    ["its items counted as fulfilled; not linked to the order", ["order_fulfillment"], "counted"],
  ] as const)(
    "a kill between a booked fulfilment's last writes (%s): the restarted store completes it, booked once, stock taken once, and the merchant ships it",
    async (_case, heldTables, written) => {
      const order = await placeStockedOrder(2)
      const before = await stock(order)
      expect(before.reserved).toBe(2)
      const booking = await killBetweenTheLastWrites(order, order.items.map((i) => ({ id: i.id, quantity: i.quantity })), [...heldTables], written)

      await stack.restart(medusa)
      // Once the booking is older than its time limit and the margin for the workflow's last steps
      // (start-up or the minute's job), what is missing is done.
      await eventually(
        async () => {
          const [state, live] = await Promise.all([orderState(order), liveFulfillments(order.id)])
          return order.items.every((placed) => fulfilledUnits(state, placed.id) === placed.quantity) && live.length === 1
        },
        { timeoutMs: 150_000, intervalMs: 2000 }
      )
      await expectBookedOnce(order)
      const [fulfillment] = await liveFulfillments(order.id)
      expect(fulfillment.data.consignment_number).toBe(booking.consignmentNumber)
      expect((await orderState(order)).fulfillment_status).toBe("fulfilled")
      // The stock was taken once (Medusa lowered it before the kill) and nothing stays reserved.
      expect(await stock(order)).toEqual({ stocked: before.stocked - 2, reserved: 0 })
      // The merchant goes on: the parcel is marked shipped.
      await stack.admin(medusa, "POST", `/admin/orders/${order.id}/fulfillments/${fulfillment.id}/shipments`, {
        items: order.items.map((i) => ({ id: i.id, quantity: i.quantity })),
      })
      expect((await orderState(order)).fulfillment_status).toBe("shipped")
      expect((await stock(order)).stocked).toBe(before.stocked - 2)
    }
  )

  it("a kill between a partial fulfilment's last writes (1 of 2 units; linked only): the restarted store counts that unit and trims its reservation, and the merchant fulfils the other, each booked once", async () => {
    const order = await placeStockedOrder(2)
    const [line] = order.items
    const before = await stock(order)
    expect(before.reserved).toBe(2)
    const first = await killBetweenTheLastWrites(order, [{ id: line.id, quantity: 1 }], ["order_change", "reservation_item"], "linked")
    // The reservation of both units is still there (read from the database: the store is down).
    const db = await stack.databaseClient()
    const { rows } = await db.query(`select sum(quantity)::int as reserved from reservation_item where line_item_id = $1 and deleted_at is null`, [line.id])
    await db.end()
    expect(rows[0].reserved).toBe(2)

    await stack.restart(medusa)
    await eventually(async () => fulfilledUnits(await orderState(order), line.id) === 1, { timeoutMs: 150_000, intervalMs: 2000 })
    expect((await orderState(order)).fulfillment_status).toBe("partially_fulfilled")
    expect((await liveFulfillments(order.id)).map((f) => f.data.consignment_number)).toEqual([first.consignmentNumber])
    // The booked unit's reservation is trimmed; the other unit's stays for its fulfilment.
    expect(await stock(order)).toEqual({ stocked: before.stocked - 1, reserved: 1 })

    // The merchant fulfils the other unit as usual: a second parcel, booked once.
    await stack.admin(medusa, "POST", `/admin/orders/${order.id}/fulfillments`, { items: [{ id: line.id, quantity: 1 }] })
    const state = await orderState(order)
    expect(fulfilledUnits(state, line.id)).toBe(2)
    expect(state.fulfillment_status).toBe("fulfilled")
    const live = await liveFulfillments(order.id)
    expect(live).toHaveLength(2)
    const consignments = live.map((f) => f.data.consignment_number).sort()
    expect((await carrierBookingsOf(order.id)).map((b) => b.consignmentNumber).sort()).toEqual(consignments)
    expect((await shipmentsOf(order.id)).filter((s) => s.status === "booked").map((s) => s.consignment_number).sort()).toEqual(consignments)
    expect(await stock(order)).toEqual({ stocked: before.stocked - 2, reserved: 0 })
  })

  it("a bulk run of 30 orders: the restarted store finishes it; every order is booked once, or unconfirmed and then booked again; none skipped", async () => {
    const orders = await mapLimit([...Array(30).keys()], 4, () => placeOrder())
    const ids = orders.map((o) => o.id)
    // The first 10 bookings stay at the carrier for 4 s: the process dies while they are in flight.
    stack.sandbox.fault("booking", { kind: "latency", ms: 4000, times: 10 })
    const sentBefore = bookingRequests().length
    const { bulk_booking } = await stack.admin<{ bulk_booking: { id: string } }>(medusa, "POST", "/admin/nordic-parcel/bulk-bookings", { order_ids: ids })
    await eventually(() => bookingRequests().length - sentBefore >= 15, { timeoutMs: 120_000, intervalMs: 20 })
    await stack.kill(medusa)
    const sentAtKill = bookingRequests().length - sentBefore
    expect(sentAtKill).toBeLessThan(30 + 1)

    const killedAt = Date.now()
    await stack.restart(medusa)
    const restartedAt = Date.now()
    // The resume job takes the run up once its lease has run out, and finishes it (78 s on an idle
    // machine). An order whose fulfilment the kill left half done is completed meanwhile and counts
    // as booked (the test before this one kills there on purpose).
    const run = async () => (await stack.admin<{ bulk_booking: BulkRun }>(medusa, "GET", `/admin/nordic-parcel/bulk-bookings/${bulk_booking.id}`)).bulk_booking
    const finished = await eventually(async () => ((await run()).status === "done" ? run() : undefined), { timeoutMs: 300_000, intervalMs: 2000 })
    const finishedAt = Date.now()
    expect(finished.orders.filter((o) => o.status === "skipped")).toEqual([])
    expect(finished.orders.filter((o) => !["booked", "failed"].includes(o.status))).toEqual([])

    let bookedAgain = 0
    for (const order of orders) {
      const outcome = finished.orders.find((o) => o.order_id === order.id)!
      if (outcome.status === "booked") {
        await expectBookedOnce(order)
        continue
      }
      // Not booked by the run: only because an attempt of it is unconfirmed, shown on the order.
      expect(outcome.message).toMatch(/never confirmed by the carrier/)
      const unconfirmed = (await shipmentsOf(order.id)).find((s) => s.unconfirmed)!
      expect(unconfirmed.last_error!.message).toMatch(new RegExp(`reference ${unconfirmed.carrier_reference}`))
      // Half with "Book again", half with Medusa's ordinary fulfilment: both book it anew.
      if (bookedAgain % 2 === 0) {
        await bookAgain(unconfirmed)
      } else {
        await stack.admin(medusa, "POST", `/admin/orders/${order.id}/fulfillments`, { items: order.items.map((i) => ({ id: i.id, quantity: i.quantity })) })
      }
      bookedAgain++
      const live = await liveFulfillments(order.id)
      expect(live).toHaveLength(1)
      const shipments = await shipmentsOf(order.id)
      expect(shipments.filter((s) => s.status === "booked").map((s) => s.fulfillment_id)).toEqual([live[0].id])
      // The attempt is settled as replaced, no longer shown as needing action.
      expect(shipments.find((s) => s.id === unconfirmed.id)).toMatchObject({ status: "failed", unconfirmed: false })
    }
    // Nothing left to book on the bookings page.
    const page = await stack.admin<{ orders: { id: string }[] }>(medusa, "GET", "/admin/nordic-parcel/unfulfilled-orders")
    expect(page.orders.filter((o) => ids.includes(o.id))).toEqual([])
    stack.figures.crash = {
      sentAtKill,
      bookedByRun: finished.counts.booked,
      bookedAgain,
      restartS: Math.round((restartedAt - killedAt) / 1000),
      restartToRunDoneS: Math.round((finishedAt - restartedAt) / 1000),
    }
  })
})
