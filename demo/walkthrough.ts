import fs from "node:fs"
import path from "node:path"
import type { Sandbox } from "../sandbox"
import type { DeliveryOption, PickupPoint } from "../src/storefront/types"
import type { DemoStore } from "./seed"

/**
 * `npm run demo -- --walkthrough`: the story of one order, told over HTTP the way a storefront and
 * the admin tell it to the store, with the carrier sandbox playing the carrier. Every step checks
 * what it shows; the first step that does not hold ends the walkthrough with a failure.
 */

type Context = { storeUrl: string; store: DemoStore; sandbox: Sandbox; dataDir: string }

class StepFailed extends Error {}

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new StepFailed(message)
}

type TrackingEvent = { status: string; occurred_at: string }

const SHOPPER = {
  email: "kari.nordmann@example.com",
  address: {
    first_name: "Kari",
    last_name: "Nordmann",
    address_1: "Strandgaten 1",
    city: "Bergen",
    country_code: "no",
    postal_code: "5004",
    phone: "+4791234568",
  },
}

export async function runWalkthrough(ctx: Context): Promise<boolean> {
  const { storeUrl, store, sandbox } = ctx
  const storeHeaders = { "x-publishable-api-key": store.publishableKey }
  let adminHeaders: Record<string, string> = {}

  async function call<T = any>(method: string, route: string, body?: unknown, headers: Record<string, string> = storeHeaders): Promise<T> {
    const res = await fetch(`${storeUrl}${route}`, {
      method,
      headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await res.text()
    let data: any = text
    try {
      data = JSON.parse(text)
    } catch {
      // not JSON
    }
    if (!res.ok) {
      throw new StepFailed(`${method} ${route} answered ${res.status}: ${data?.message ?? text.slice(0, 300)}`)
    }
    return data as T
  }
  const admin = <T = any>(method: string, route: string, body?: unknown) => call<T>(method, route, body, adminHeaders)

  // What the steps learn, for the steps after them.
  let cartId = ""
  let options: DeliveryOption[] = []
  let point: PickupPoint | undefined
  let order: { id: string; display_id: number; items: { id: string; quantity: number }[] } | undefined
  let fulfillmentId = ""
  let consignment = ""

  const steps: { title: string; run: () => Promise<string[]> }[] = [
    {
      title: "A shopper in Bergen fills a cart",
      run: async () => {
        const { cart } = await call("POST", "/store/carts", {
          region_id: store.regionId,
          sales_channel_id: store.salesChannelId,
          email: SHOPPER.email,
          shipping_address: SHOPPER.address,
        })
        cartId = cart.id
        await call("POST", `/store/carts/${cartId}/line-items`, { variant_id: store.variants.boxed, quantity: 1 })
        await call("POST", `/store/carts/${cartId}/line-items`, { variant_id: store.variants.flat, quantity: 2 })
        const { cart: filled } = await call("GET", `/store/carts/${cartId}`)
        check(filled.items.length === 2, `the cart has ${filled.items.length} lines, expected 2`)
        check(filled.currency_code === "nok", `the cart is in ${filled.currency_code}, expected nok`)
        return [
          `cart ${cartId} for ${SHOPPER.address.first_name} ${SHOPPER.address.last_name}, ${SHOPPER.address.address_1}, ${SHOPPER.address.postal_code} ${SHOPPER.address.city}`,
          ...filled.items.map((i: any) => `${i.quantity} × ${i.product_title ?? i.title}  ${nok(i.unit_price)}`),
          `subtotal ${nok(filled.item_subtotal ?? filled.subtotal)}`,
        ]
      },
    },
    {
      title: "Checkout shows the carrier's prices and delivery dates",
      run: async () => {
        const lookupsBefore = sandbox.requests.filter((r) => r.path.startsWith("/shippingguide")).length
        ;({ delivery_options: options } = await call("GET", `/store/nordic-parcel/delivery-options?cart_id=${cartId}`))
        const lookups = sandbox.requests.filter((r) => r.path.startsWith("/shippingguide")).length - lookupsBefore
        const lines = options.map((o) =>
          o.available
            ? `${pad(o.display?.name ?? o.name, 34)} ${pad(o.service_code, 13)} ${pad(nok(o.amount), 12)} ` +
              `${o.expected_delivery_date ? `delivered ${o.expected_delivery_date} (${o.working_days} working days)` : "no date"}` +
              `${o.price_source === "carrier" ? "" : `  [${o.price_source} price]`}${o.requires_pickup_point ? "  needs a pickup point" : ""}`
            : `${pad(o.display?.name ?? o.name, 34)} ${pad(o.service_code, 13)} not offered for this parcel`
        )
        for (const code of ["PA_DOREN", "SERVICEPAKKE"]) {
          const option = options.find((o) => o.service_code === code)
          check(option, `${code} is not among the delivery options`)
          check(option.available && (option.amount ?? 0) > 0, `${code} has no price`)
          check(option.price_source === "carrier", `${code} was priced from ${option.price_source}, not by the carrier`)
          check(/^\d{4}-\d{2}-\d{2}$/.test(option.expected_delivery_date ?? ""), `${code} has no delivery date`)
        }
        check(!options.some((o) => o.service_code === "9300"), "the return service 9300 is offered at checkout")
        check(options.every((o) => o.currency_code === "nok"), "an option is not in NOK")
        return [...lines, `(${lookups} request${lookups === 1 ? "" : "s"} to the carrier's shipping guide for all options)`]
      },
    },
    {
      title: "Pickup points near the address",
      run: async () => {
        const query = `country_code=NO&postal_code=${SHOPPER.address.postal_code}&street=Strandgaten&street_number=1&limit=5&cart_id=${cartId}`
        const { pickup_points: points } = await call<{ pickup_points: PickupPoint[] }>("GET", `/store/nordic-parcel/pickup-points?${query}`)
        check(points.length > 0, "no pickup points near 5004 Bergen")
        const distances = points.map((p) => p.distance_km ?? 0)
        check(distances.every((d, i) => i === 0 || distances[i - 1] <= d), "the points are not nearest first")
        point = points[0]
        return points.map(
          (p) =>
            `${p === point ? "→" : " "} ${pad(p.id, 8)} ${pad(p.name, 33)} ${pad(`${p.address}, ${p.postal_code} ${p.city}`, 38)} ` +
            `${p.distance_km !== undefined ? `${p.distance_km.toFixed(1)} km` : ""}  ${p.is_locker ? "parcel locker" : "manned"}` +
            `${p.opening_hours ? `  ${p.opening_hours}` : ""}`
        )
      },
    },
    {
      title: "The shopper picks the nearest point (SERVICEPAKKE)",
      run: async () => {
        const option = options.find((o) => o.service_code === "SERVICEPAKKE")!
        await call("POST", `/store/carts/${cartId}/shipping-methods`, {
          option_id: store.options.SERVICEPAKKE,
          data: { pickup_point_id: point!.id },
        })
        const { cart } = await call("GET", `/store/carts/${cartId}?fields=+shipping_methods.data`)
        const method = cart.shipping_methods[0]
        check(method, "the cart has no shipping method")
        check(method.data?.pickup_point?.id === point!.id, `the method stored pickup point ${method.data?.pickup_point?.id}, not ${point!.id}`)
        check(Number(method.amount) === option.amount, `the cart charges ${method.amount}, the checkout showed ${option.amount}`)
        return [
          `shipping method ${option.display?.name ?? option.name} (${option.service_code}) ${nok(method.amount)}, delivery date ${method.data.delivery_date}`,
          `pickup point stored with the method: ${method.data.pickup_point.name}, ${method.data.pickup_point.address}, ${method.data.pickup_point.postal_code} ${method.data.pickup_point.city}`,
          `cart total ${nok(cart.total)}`,
        ]
      },
    },
    {
      title: "The order is placed",
      run: async () => {
        const { payment_collection } = await call("POST", "/store/payment-collections", { cart_id: cartId })
        await call("POST", `/store/payment-collections/${payment_collection.id}/payment-sessions`, { provider_id: "pp_system_default" })
        const completed = await call("POST", `/store/carts/${cartId}/complete`, {})
        check(completed.type === "order", `completing the cart gave ${completed.type}: ${completed.error?.message ?? ""}`)
        order = completed.order
        return [`order #${completed.order.display_id} (${completed.order.id}), total ${nok(completed.order.total)}, ${completed.order.email}`]
      },
    },
    {
      title: "The merchant fulfils it in the admin: booked at the carrier, with a label",
      run: async () => {
        const login = await call<{ token: string }>("POST", "/auth/user/emailpass", { email: store.admin.email, password: store.admin.password }, {})
        adminHeaders = { authorization: `Bearer ${login.token}` }
        const bookingsBefore = sandbox.bookings.length
        await admin("POST", `/admin/orders/${order!.id}/fulfillments`, {
          items: order!.items.map((i) => ({ id: i.id, quantity: i.quantity })),
        })
        const { order: fulfilled } = await admin("GET", `/admin/orders/${order!.id}?fields=id,fulfillments.id,fulfillments.data,fulfillments.labels.*`)
        const fulfillment = fulfilled.fulfillments[0]
        check(fulfillment, "the order has no fulfillment")
        fulfillmentId = fulfillment.id
        consignment = fulfillment.data?.consignment_number
        check(consignment, "the fulfillment has no consignment number")
        const booking = sandbox.bookings.slice(bookingsBefore).find((b) => b.consignmentNumber === consignment)
        check(booking, `the carrier has no booking ${consignment}`)
        const request = booking.request as { parties?: { pickupPoint?: { id?: string } } }
        check(request.parties?.pickupPoint?.id === point!.id, "the booking does not name the chosen pickup point")

        const label = await fetch(`${storeUrl}/admin/nordic-parcel/fulfillments/${fulfillmentId}/label`, { headers: adminHeaders })
        const pdf = Buffer.from(await label.arrayBuffer())
        check(label.ok && pdf.subarray(0, 4).toString() === "%PDF", `the label is not a PDF (${label.status})`)
        const labelDir = path.join(ctx.dataDir, "demo-labels")
        fs.mkdirSync(labelDir, { recursive: true })
        const labelFile = path.join(labelDir, `order-${order!.display_id}-${consignment}.pdf`)
        fs.writeFileSync(labelFile, pdf)
        return [
          `consignment ${consignment}, package ${(fulfillment.data.package_numbers ?? []).join(", ")}, service ${fulfillment.data.service_code}${booking.test ? " (test booking)" : ""}`,
          `from ${booking.request && (booking.request as any).parties?.sender?.name}, ${(booking.request as any).parties?.sender?.city} to pickup point ${point!.id} ${point!.name}`,
          `label ${fulfillment.data.label_url}`,
          `label PDF (${pdf.length} bytes) saved to ${path.relative(process.cwd(), labelFile)}`,
          `tracking ${fulfillment.data.tracking_url}`,
        ]
      },
    },
    {
      title: "The parcel travels: the carrier's tracking events move the order",
      run: async () => {
        const lines: string[] = []
        const subscription = await eventually(() => sandbox.trackingSubscriptions().find((s) => s.trackingId === consignment), 15_000)
        check(subscription, `the store did not subscribe ${consignment} to tracking events`)
        lines.push(`the store subscribed ${consignment} to ${subscription.event_groups.length} event groups, callback ${subscription.configuration.url}`)
        for (const status of ["HANDED_IN", "IN_TRANSIT", "READY_FOR_PICKUP", "DELIVERED"]) {
          const attempts = await sandbox.emitEvent({ status, shipment: consignment })
          check(attempts.length > 0, `no subscription received ${status}`)
          check(
            attempts.every((a) => a.outcome === "delivered"),
            `the store refused ${status}: ${attempts.map((a) => a.status ?? a.error).join(", ")}`
          )
          let state = ""
          if (status === "HANDED_IN") {
            const shippedAt = await eventually(async () => (await fulfillmentState()).shipped_at, 15_000)
            check(shippedAt, "HANDED_IN did not mark the fulfillment shipped")
            state = `  → fulfillment shipped at ${shippedAt}`
          }
          if (status === "DELIVERED") {
            const deliveredAt = await eventually(async () => (await fulfillmentState()).delivered_at, 15_000)
            check(deliveredAt, "DELIVERED did not mark the fulfillment delivered")
            state = `  → fulfillment delivered at ${deliveredAt}`
          }
          lines.push(`carrier pushes ${pad(status, 17)} webhook answered ${attempts.map((a) => a.status).join(", ")}${state}`)
        }
        const { order: delivered } = await admin("GET", `/admin/orders/${order!.id}?fields=id,fulfillment_status`)
        check(delivered.fulfillment_status === "delivered", `the order is ${delivered.fulfillment_status}, not delivered`)
        // The plugin records the shipment's status after Medusa's fulfillment has moved.
        type Details = { shipment: { status: string }; tracking_events: TrackingEvent[] }
        let details = await admin<Details>("GET", `/admin/nordic-parcel/fulfillments/${fulfillmentId}`)
        const deadline = Date.now() + 15_000
        while ((details.shipment.status !== "delivered" || details.tracking_events.length < 4) && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 200))
          details = await admin<Details>("GET", `/admin/nordic-parcel/fulfillments/${fulfillmentId}`)
        }
        check(details.shipment.status === "delivered", `the plugin's shipment is ${details.shipment.status}, not delivered`)
        check(details.tracking_events.length === 4, `the plugin stored ${details.tracking_events.length} tracking events, not 4`)
        lines.push(`order #${order!.display_id}: ${delivered.fulfillment_status}; the plugin stored ${details.tracking_events.length} tracking events:`)
        for (const event of details.tracking_events) lines.push(`  ${event.occurred_at}  ${event.status}`)
        return lines
      },
    },
  ]

  async function fulfillmentState(): Promise<{ shipped_at: string | null; delivered_at: string | null }> {
    const { order: current } = await admin("GET", `/admin/orders/${order!.id}?fields=id,fulfillments.id,fulfillments.shipped_at,fulfillments.delivered_at`)
    return current.fulfillments.find((f: { id: string }) => f.id === fulfillmentId)
  }

  const started = Date.now()
  for (const [index, step] of steps.entries()) {
    const stepStart = Date.now()
    console.log(`${index + 1}. ${step.title}`)
    try {
      const lines = await step.run()
      for (const line of lines) console.log(`     ${line}`)
      console.log(`   ✔ ${((Date.now() - stepStart) / 1000).toFixed(1)} s\n`)
    } catch (error) {
      console.log(`   ✘ ${(error as Error).message}\n`)
      if (!(error instanceof StepFailed)) console.log((error as Error).stack)
      console.log(`Walkthrough FAILED at step ${index + 1} of ${steps.length}.`)
      return false
    }
  }
  console.log(`Walkthrough passed: ${steps.length} steps in ${((Date.now() - started) / 1000).toFixed(1)} s.`)
  return true
}

async function eventually<T>(probe: () => T | Promise<T>, timeoutMs: number): Promise<T | undefined> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const value = await probe()
    if (value) return value
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return undefined
}

function nok(amount: number | string | null | undefined): string {
  return amount === null || amount === undefined ? "–" : `${Number(amount).toFixed(2)} NOK`
}

function pad(text: string, width: number): string {
  return text.length >= width ? `${text} ` : text.padEnd(width)
}
