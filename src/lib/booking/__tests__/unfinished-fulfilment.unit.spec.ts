import { reservationTrims, unfinishedFulfilment, unitsStillToFulfil, type FulfilmentItemsView, type OrderFulfilmentView } from "../unfinished-fulfilment"

// As Medusa's query gives an order line: its quantities in its detail.
const item = (id: string, quantity: number, fulfilled: number) => ({ id, detail: { quantity, fulfilled_quantity: fulfilled } })
const fulfilment = (id: string, items: [string, number][], canceled_at: string | null = null): FulfilmentItemsView => ({
  id,
  canceled_at,
  items: items.map(([line_item_id, quantity]) => ({ line_item_id, quantity })),
})
const order = (items: OrderFulfilmentView["items"], fulfillments: FulfilmentItemsView[]): OrderFulfilmentView => ({ items, fulfillments })

const f1 = fulfilment("ful_1", [["item_a", 2]])
const f2 = fulfilment("ful_2", [["item_a", 1]])
const mixed = fulfilment("ful_m", [
  ["item_a", 1],
  ["item_b", 1],
])

describe("what an interrupted order fulfilment workflow left undone", () => {
  it.each([
    ["linked and counted: complete", order([item("item_a", 2, 2)], [f1]), f1, null],
    ["linked, not counted: count its items", order([item("item_a", 2, 0)], [f1]), f1, { missing: "count", items: [{ id: "item_a", quantity: 2 }] }],
    ["counted, not linked: link it", order([item("item_a", 2, 2)], []), f1, { missing: "link" }],
    ["neither (the process stopped before both): nothing to complete here", order([item("item_a", 2, 0)], []), f1, null],
    // A second, partial fulfilment beside a complete first one.
    ["second partial, linked, not counted", order([item("item_a", 3, 2)], [f1, f2]), f2, { missing: "count", items: [{ id: "item_a", quantity: 1 }] }],
    ["second partial, counted, not linked", order([item("item_a", 3, 3)], [f1]), f2, { missing: "link" }],
    ["second partial, complete", order([item("item_a", 3, 3)], [f1, f2]), f2, null],
    // Another fulfilment's units are never taken for this one.
    ["counted units another linked fulfilment explains are not this one's", order([item("item_a", 3, 2)], [f1]), f2, null],
    ["a cancelled fulfilment holds no counted units", order([item("item_a", 2, 2)], [fulfilment("ful_0", [["item_a", 2]], "2026-11-25T10:00:00Z")]), f1, { missing: "link" }],
    // Every item of the fulfilment must agree.
    ["one item counted, the other not: not a half-done workflow", order([item("item_a", 1, 1), item("item_b", 1, 0)], [mixed]), mixed, null],
    ["both items missing from the count", order([item("item_a", 1, 0), item("item_b", 1, 0)], [mixed]), mixed, { missing: "count", items: [{ id: "item_a", quantity: 1 }, { id: "item_b", quantity: 1 }] }],
    // Never counted past what was ordered, never for an item the order does not have.
    ["counting would pass the ordered quantity", order([item("item_a", 1, 0)], [f1]), f1, null],
    ["an item the order does not have", order([item("item_x", 2, 0)], [f1]), f1, null],
    ["a fulfilment without items", order([item("item_a", 2, 0)], [fulfilment("ful_e", [])]), fulfilment("ful_e", []), null],
    // The query gives no `quantity` on an order line; a view without its detail's is not judged.
    ["an order line read without its ordered quantity", order([{ id: "item_a", detail: { fulfilled_quantity: 0 } }], [f1]), f1, null],
  ])("%s", (_case, view, ful, expected) => {
    expect(unfinishedFulfilment(view, ful)).toEqual(expected)
  })

  it("reads quantities Medusa gives as strings", () => {
    const view: OrderFulfilmentView = { items: [{ id: "item_a", detail: { quantity: "2", fulfilled_quantity: "0" } }], fulfillments: [f1] }
    expect(unfinishedFulfilment(view, { ...f1, items: [{ line_item_id: "item_a", quantity: "2" }] })).toEqual({ missing: "count", items: [{ id: "item_a", quantity: 2 }] })
  })
})

describe("reservations once the fulfilment is complete", () => {
  const required = (_line: string, inventory: string) => (inventory === "inv_set" ? 3 : 1)

  it.each([
    ["count: units counted now are no longer reserved", order([item("item_a", 3, 0)], [f1]), f1, "count", [["item_a", 1]]],
    ["link: the count already includes the fulfilment", order([item("item_a", 3, 2)], []), f1, "link", [["item_a", 1]]],
    ["fully fulfilled: nothing left", order([item("item_a", 2, 0)], [f1]), f1, "count", [["item_a", 0]]],
  ] as const)("units still to fulfil, %s", (_case, view, ful, missing, expected) => {
    const unfinished = missing === "count" ? { missing, items: [] } : { missing }
    expect([...unitsStillToFulfil(view, ful, unfinished)]).toEqual(expected)
  })

  it.each([
    ["untrimmed: 3 reserved, 1 still to fulfil → 1", [{ id: "res_1", line_item_id: "item_a", inventory_item_id: "inv_1", quantity: 3 }], 1, { update: [{ id: "res_1", quantity: 1 }], remove: [] }],
    ["already trimmed by the workflow: left as is", [{ id: "res_1", line_item_id: "item_a", inventory_item_id: "inv_1", quantity: 1 }], 1, { update: [], remove: [] }],
    ["nothing still to fulfil: removed", [{ id: "res_1", line_item_id: "item_a", inventory_item_id: "inv_1", quantity: 2 }], 0, { update: [], remove: ["res_1"] }],
    [
      "two reservations of one inventory item share what is allowed",
      [
        { id: "res_1", line_item_id: "item_a", inventory_item_id: "inv_1", quantity: 1 },
        { id: "res_2", line_item_id: "item_a", inventory_item_id: "inv_1", quantity: 2 },
      ],
      2,
      { update: [{ id: "res_2", quantity: 1 }], remove: [] },
    ],
    ["a set of 3 per unit: 2 units still to fulfil keep 6", [{ id: "res_s", line_item_id: "item_a", inventory_item_id: "inv_set", quantity: 9 }], 2, { update: [{ id: "res_s", quantity: 6 }], remove: [] }],
    ["another item's reservation is not touched", [{ id: "res_b", line_item_id: "item_b", inventory_item_id: "inv_1", quantity: 2 }], 0, { update: [], remove: [] }],
  ])("%s", (_case, reservations, units, expected) => {
    expect(reservationTrims(new Map([["item_a", units]]), reservations, required)).toEqual(expected)
  })
})
