import { MedusaError } from "@medusajs/framework/utils"
import { refuseOtherPrice, returnItemsOrRefuse, type ReturnableOrder } from "../return-price"
import type { ReturnOption } from "../../../storefront/types"

const listed: ReturnOption = {
  shipping_option_id: "so_return",
  name: "Return to the warehouse",
  service_code: "RETURN_PARCEL",
  amount: 59,
  currency_code: "nok",
  is_tax_inclusive: true,
  price_source: "fixed",
  qr_codes: true,
}

const order: ReturnableOrder = {
  id: "order_1",
  currency_code: "nok",
  items: [
    { id: "item_lamp", fulfilled_quantity: 2, return_requested_quantity: 0 },
    { id: "item_poster", fulfilled_quantity: 1, return_requested_quantity: 1 },
  ],
}

function refusal(run: () => unknown): { type: string; message: string } | undefined {
  try {
    run()
    return undefined
  } catch (error) {
    return { type: (error as MedusaError).type, message: (error as Error).message }
  }
}

describe("a shopper's return price: what a request may name", () => {
  it.each([
    ["no price named: the listed one is charged", undefined, undefined],
    ["the listed price", 59, undefined],
    ["the listed price, off by less than half an øre", 59.004, undefined],
    ["a made-up lower price", 0, "return_shipping.price: must be 59 NOK, the price of this return option (or left out)"],
    ["an old, higher price", 79, "return_shipping.price: must be 59 NOK, the price of this return option (or left out)"],
  ])("%s", (_case, sent, message) => {
    const refused = refusal(() => refuseOtherPrice(sent, listed))
    expect(refused).toEqual(message ? { type: MedusaError.Types.INVALID_DATA, message } : undefined)
  })

  it.each([
    ["one lamp of two", [{ id: "item_lamp", quantity: 1 }], { items: [{ id: "item_lamp", quantity: 1 }] }],
    [
      "a lamp too many and a poster already returned: both named",
      [{ id: "item_lamp", quantity: 3 }, { id: "item_poster", quantity: 1 }],
      {
        message:
          "items[0].quantity: must be at most 2 for item item_lamp (what can still be returned); items[1].quantity: item item_poster has nothing left to return (not delivered yet, or already returned)",
      },
    ],
    ["another order's item", [{ id: "item_elsewhere", quantity: 1 }], { message: "items[0].id: item_elsewhere is not an item of this order" }],
  ])("lines sent back: %s", (_case, requested, expected) => {
    if ("items" in expected) {
      expect(returnItemsOrRefuse(order, requested)).toEqual(expected.items)
    } else {
      expect(refusal(() => returnItemsOrRefuse(order, requested))).toEqual({ type: MedusaError.Types.INVALID_DATA, message: expected.message })
    }
  })
})
