import { EVENT_GROUP_NAMES } from "../../tracking/event-groups"
import { shopperAccess, shopperMayReadOrder, type GuestAccessPolicy, type OrderOwnership, type ShopperAccess, type ShopperProof } from "../order-access"
import { isShopperVisible, returnDocumentLinks, shownNumbers, toOrderShipment, toOrderShipments, type ShipmentRow } from "../order-shipment"
import { afterSaleTexts, afterSaleTextsFor, formatEventTime, resolveAfterSaleLocale, trackingEventText } from "../../../storefront/after-sale-texts"
import { storeErrorText } from "../../../storefront/texts"

describe("shopper: who may read an order", () => {
  const kari = { id: "order_1", customer_id: "cus_kari", email: "kari@example.com", is_draft_order: false }
  const guestOrder = { ...kari, customer_id: null, email: "guest@example.com" }
  it.each([
    ["a guest holding only the order's id", kari, {}, false],
    ["the signed-in customer who placed it", kari, { customerId: "cus_kari" }, true],
    ["another signed-in customer", kari, { customerId: "cus_ola" }, false],
    ["a signed-in customer, for a guest order", guestOrder, { customerId: "cus_kari" }, false],
    ["a guest with the order's e-mail", guestOrder, { email: "guest@example.com" }, true],
    ["a guest with the order's e-mail in other case and spaces", guestOrder, { email: "  Guest@Example.COM " }, true],
    ["a guest with another e-mail", guestOrder, { email: "kari@example.com" }, false],
    ["a guest with an empty e-mail, for an order without one", { ...guestOrder, email: null }, { email: "" }, false],
    ["a guest with a valid access token", guestOrder, { tokenValid: true }, true],
    ["a guest with a refused access token", guestOrder, { tokenValid: false }, false],
    ["another signed-in customer with the order's e-mail", kari, { customerId: "cus_ola", email: "kari@example.com" }, true],
    ["anyone, for a draft order", { ...kari, is_draft_order: true }, { customerId: "cus_kari" }, false],
    ["a guest with the e-mail, for a draft order", { ...kari, is_draft_order: true }, { email: "kari@example.com" }, false],
    ["anyone, for an order that does not exist", undefined, { tokenValid: true }, false],
  ])("%s", (_who, order, proof, expected) => {
    expect(shopperMayReadOrder(order, proof, { available: true, emailIsProof: true })).toBe(expected)
  })

  const byEmailOrToken: GuestAccessPolicy = { available: true, emailIsProof: true }
  const byTokenOnly: GuestAccessPolicy = { available: true, emailIsProof: false }
  const noSecret: GuestAccessPolicy = { available: false, emailIsProof: true }
  it.each<[string, OrderOwnership | undefined, ShopperProof, GuestAccessPolicy, ShopperAccess]>([
    ["token only: a guest with the order's e-mail is not let in", guestOrder, { email: "guest@example.com" }, byTokenOnly, "not_found"],
    ["token only: a guest with a valid token is", guestOrder, { tokenGiven: true, tokenValid: true }, byTokenOnly, "granted"],
    ["token only: the signed-in owner is", kari, { customerId: "cus_kari" }, byTokenOnly, "granted"],
    ["token only: another customer with the order's e-mail is not", kari, { customerId: "cus_ola", email: "kari@example.com" }, byTokenOnly, "not_found"],
    ["no secret: the signed-in owner is let in", kari, { customerId: "cus_kari" }, noSecret, "granted"],
    ["no secret: the owner is let in even with an e-mail header", kari, { customerId: "cus_kari", email: "kari@example.com" }, noSecret, "granted"],
    ["no secret: a guest with the right e-mail is refused as such", guestOrder, { email: "guest@example.com" }, noSecret, "guest_access_unavailable"],
    ["no secret: a guest with a token is refused as such", guestOrder, { tokenGiven: true, tokenValid: false }, noSecret, "guest_access_unavailable"],
    ["no secret: the same refusal for an order that does not exist (nothing told about it)", undefined, { email: "guest@example.com" }, noSecret, "guest_access_unavailable"],
    ["no secret: a guest with only the id gets the usual 404", guestOrder, {}, noSecret, "not_found"],
    ["no secret: a valid token (never made without a key) still opens nothing", guestOrder, { tokenValid: true }, noSecret, "not_found"],
    ["both proofs: a wrong e-mail is not found", guestOrder, { email: "kari@example.com" }, byEmailOrToken, "not_found"],
  ])("%s", (_who, order, proof, policy, expected) => {
    expect(shopperAccess(order, proof, policy)).toBe(expected)
  })
})

describe("shopper: an order's shipments as the storefront reads them", () => {
  const returnRow: ShipmentRow = {
    id: "npship_1",
    order_id: "order_1",
    kind: "return",
    status: "booked",
    service_code: "9300",
    consignment_number: "70438100000000001",
    package_numbers: ["370438100000000011"],
    label_url: "https://carrier.example/labels/70438100000000001?auth-token=secret",
    tracking_url: "https://carrier.example/tracking/70438100000000001",
    booked_at: new Date("2026-11-25T10:00:00Z"),
    fulfillment_result: { data: { qr_codes: ["https://carrier.example/qr/1.png?auth-token=secret"] } },
  }

  it("gives a return's documents as store paths, never the carrier's links with their tokens", () => {
    const shipment = toOrderShipment("order_1", returnRow as never, [], "Return parcel")
    expect(shipment.return_label).toEqual({
      consignment_number: "70438100000000001",
      label_path: "/store/nordic-parcel/orders/order_1/shipments/npship_1/return-label",
      qr_code_paths: ["/store/nordic-parcel/orders/order_1/shipments/npship_1/return-qr-codes/0"],
    })
    expect(JSON.stringify(shipment)).not.toContain("auth-token")
  })

  it.each([
    ["https://carrier.example/t/1", "https://carrier.example/t/1"],
    ["javascript:alert(1)", null],
    ["vbscript:msgbox(1)", null],
    ["//evil.example/t/1", null],
  ])("returns a stored tracking link %p to the shopper as %p (http(s) only)", (stored, returned) => {
    expect(toOrderShipment("order_1", { ...(returnRow as object), tracking_url: stored } as never, [], "Return parcel").tracking_url).toBe(returned)
  })

  it("finds the free return of an outgoing parcel, and no documents where none were booked", () => {
    const outbound: ShipmentRow = {
      ...returnRow,
      kind: "outbound",
      fulfillment_result: null,
      return_shipment: { service_code: "9300", consignment_number: "70438100000000002", label_url: "https://carrier.example/l/2", qr_codes: [] },
    }
    expect(returnDocumentLinks(outbound)).toEqual({ consignmentNumber: "70438100000000002", labelUrl: "https://carrier.example/l/2", qrCodeUrls: [] })
    expect(returnDocumentLinks({ ...outbound, return_shipment: null })).toBeNull()
    expect(toOrderShipment("order_1", { ...outbound, return_shipment: null } as never, [], "Parcel").return_label).toBeNull()
  })

  it("lists the shipment's own events oldest first, without other shipments' events", () => {
    const events = [
      { status: "DELIVERED", occurred_at: "2026-11-26T12:00:00Z", shipment_number: "70438100000000001", package_number: null },
      { status: "HANDED_IN", occurred_at: new Date("2026-11-25T12:00:00Z"), shipment_number: "70438100000000001" },
      { status: "HANDED_IN", occurred_at: "2026-11-24T12:00:00Z", shipment_number: "70438100000000999" },
    ]
    const shipment = toOrderShipment("order_1", returnRow as never, events, "Return parcel")
    expect(shipment.tracking_events).toEqual([
      { status: "HANDED_IN", occurred_at: "2026-11-25T12:00:00.000Z", package_number: null },
      { status: "DELIVERED", occurred_at: "2026-11-26T12:00:00.000Z", package_number: null },
    ])
  })

  describe("the free return an outgoing parcel carries", () => {
    const parcel = {
      ...returnRow,
      id: "npship_2",
      kind: "outbound" as const,
      status: "shipped" as const,
      service_code: "5600",
      consignment_number: "70438100000000002",
      fulfillment_result: null,
      return_shipment: { service_code: "9300", consignment_number: "70438100000000019", label_url: "https://carrier.example/l/19?auth-token=secret", qr_codes: [] },
    }
    const names = (code: string) => (code === "9300" ? "Return parcel" : "Home parcel")
    const parcelEvent = { status: "HANDED_IN", occurred_at: "2026-11-25T08:00:00Z", shipment_number: "70438100000000002" }

    it("its number is read with the parcel's", () => {
      expect(shownNumbers([parcel, returnRow])).toEqual(["70438100000000002", "70438100000000019", "70438100000000001"])
    })

    it("is only the parcel's return label until the carrier has events for it", () => {
      const shown = toOrderShipments("order_1", [parcel], [parcelEvent], names)
      expect(shown.map((s) => [s.kind, s.consignment_number])).toEqual([["outbound", "70438100000000002"]])
      expect(shown[0].return_label?.consignment_number).toBe("70438100000000019")
    })

    it.each([
      [["HANDED_IN"], "shipped"],
      [["HANDED_IN", "DELIVERED"], "delivered"],
    ])("once it moves (%j) it is a return of its own, %s, with its events; the parcel keeps its own events, status and label", (statuses, status) => {
      const returnEvents = statuses.map((s, i) => ({ status: s, occurred_at: `2026-11-2${7 + i}T08:00:00Z`, shipment_number: "70438100000000019" }))
      const [outbound, returned, ...rest] = toOrderShipments("order_1", [parcel], [parcelEvent, ...returnEvents], names)
      expect(rest).toEqual([])
      expect(outbound).toMatchObject({ kind: "outbound", status: "shipped", tracking_events: [expect.objectContaining({ status: "HANDED_IN" })] })
      expect(outbound.return_label).not.toBeNull()
      expect(returned).toMatchObject({
        id: "npship_2-return",
        kind: "return",
        status,
        service_code: "9300",
        service_name: "Return parcel",
        consignment_number: "70438100000000019",
        package_numbers: [],
        tracking_url: null,
        pickup_point: null,
        return_label: null,
      })
      expect(returned.tracking_events.map((e) => e.status)).toEqual(statuses)
      expect(JSON.stringify(returned)).not.toContain("auth-token")
    })

    it("a return booking is never doubled", () => {
      const events = [{ status: "HANDED_IN", occurred_at: "2026-11-27T08:00:00Z", shipment_number: "70438100000000001" }]
      expect(toOrderShipments("order_1", [returnRow as never], events, names).map((s) => s.kind)).toEqual(["return"])
    })
  })

  it.each([
    ["booked", true],
    ["shipped", true],
    ["delivered", true],
    ["returned", true],
    ["booking", false],
    ["unused", false],
    ["failed", false],
  ])("a %s shipment is shown to the shopper: %s", (status, shown) => {
    expect(isShopperVisible({ ...returnRow, status })).toBe(shown)
  })
})

describe("storefront: the order page's texts", () => {
  it.each(Object.keys(afterSaleTexts))("has a %s text for every carrier event and every message", (locale) => {
    const texts = afterSaleTexts[locale as keyof typeof afterSaleTexts]
    expect(Object.keys(texts.events).sort()).toEqual([...EVENT_GROUP_NAMES].sort())
    expect(Object.keys(texts).sort()).toEqual(Object.keys(afterSaleTexts.en).sort())
  })

  it.each([
    ["nb-NO", "nb"],
    ["no", "nb"],
    ["nn", "nb"],
    ["sv-FI", "sv"],
    ["da", "da"],
    ["fi_FI", "fi"],
    ["de-DE", "en"],
    [undefined, "en"],
  ])("reads %s as %s", (locale, expected) => {
    expect(resolveAfterSaleLocale(locale)).toBe(expected)
  })

  it("shows an event the carrier adds later by its name, and a merchant's own text over the kit's", () => {
    const t = afterSaleTextsFor("sv", { events: { DELIVERED: "Framme!" } })
    expect(trackingEventText("DELIVERED", t)).toBe("Framme!")
    expect(trackingEventText("HANDED_IN", t)).toBe("Inlämnat")
    expect(trackingEventText("NEW_EVENT", t)).toBe("NEW_EVENT")
  })

  it("writes the event's time in the shopper's language", () => {
    expect(formatEventTime("2026-11-25T12:00:00Z", "en")).toMatch(/25 Nov 2026/)
    expect(formatEventTime("2026-11-25T12:00:00Z", "nb")).toMatch(/25\. nov\.? 2026/)
    expect(formatEventTime("not a date", "en")).toBe("not a date")
  })

  it("says the store cannot be reached when the browser got no answer (offline or STORE_CORS)", () => {
    const t = afterSaleTexts.nb
    expect(storeErrorText({ kind: "network" }, t)).toBe(t.unreachable)
    expect(storeErrorText({ kind: "unavailable" }, t)).toBe(t.unavailable)
    expect(storeErrorText({ kind: "unknown" }, t)).toBe(t.failed)
  })
})
