import { checkReturnItems, returnableQuantity } from "../return-items"

const lines = [
  { id: "item_lamp", fulfilled_quantity: 2, return_requested_quantity: 0 },
  { id: "item_poster", fulfilled_quantity: 1, return_requested_quantity: 1 },
  { id: "item_unshipped", fulfilled_quantity: 0, return_requested_quantity: 0 },
  { id: "item_received", fulfilled_quantity: 1, return_requested_quantity: 0, return_received_quantity: 1 },
]

describe("return items: what a shopper may send back", () => {
  it.each([
    ["one of two lamps", [{ id: "item_lamp", quantity: 1 }], { ok: true, items: [{ id: "item_lamp", quantity: 1 }] }],
    ["both lamps named on two lines", [{ id: "item_lamp", quantity: 1 }, { id: "item_lamp", quantity: 1 }], { ok: true, items: [{ id: "item_lamp", quantity: 2 }] }],
    ["three lamps", [{ id: "item_lamp", quantity: 3 }], { ok: false, problems: ["items[0].quantity: must be at most 2 for item item_lamp (what can still be returned)"] }],
    ["a lamp too many over two lines", [{ id: "item_lamp", quantity: 2 }, { id: "item_lamp", quantity: 1 }], { ok: false, problems: ["items[1].quantity: must be at most 2 for item item_lamp (what can still be returned)"] }],
    ["a poster already returned", [{ id: "item_poster", quantity: 1 }], { ok: false, problems: ["items[0].quantity: item item_poster has nothing left to return (not delivered yet, or already returned)"] }],
    ["a vase the merchant already received back", [{ id: "item_received", quantity: 1 }], { ok: false, problems: ["items[0].quantity: item item_received has nothing left to return (not delivered yet, or already returned)"] }],
    ["an item not yet shipped", [{ id: "item_unshipped", quantity: 1 }], { ok: false, problems: ["items[0].quantity: item item_unshipped has nothing left to return (not delivered yet, or already returned)"] }],
    [
      "another order's item, and too many lamps",
      [{ id: "item_elsewhere", quantity: 1 }, { id: "item_lamp", quantity: 5 }],
      { ok: false, problems: ["items[0].id: item_elsewhere is not an item of this order", "items[1].quantity: must be at most 2 for item item_lamp (what can still be returned)"] },
    ],
  ])("%s", (_case, requested, expected) => {
    expect(checkReturnItems(requested, lines)).toEqual(expected)
  })

  it.each([
    [{ id: "a", fulfilled_quantity: 3, return_requested_quantity: 1 }, 2],
    [{ id: "a", fulfilled_quantity: 1, return_requested_quantity: 2 }, 0],
    [{ id: "a", fulfilled_quantity: 2, return_requested_quantity: 0, return_received_quantity: 1 }, 1],
    [{ id: "a", fulfilled_quantity: 2, return_requested_quantity: 0, return_received_quantity: 1, return_dismissed_quantity: 1 }, 0],
    [{ id: "a", fulfilled_quantity: 3, return_requested_quantity: 1, return_received_quantity: 1 }, 1],
  ])("returnable quantity of %j is %d", (line, expected) => {
    expect(returnableQuantity(line)).toBe(expected)
  })
})
