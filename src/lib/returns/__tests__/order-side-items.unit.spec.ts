import { packableTravellingItems, travellingItemsOf, type OrderFlowContext } from "../order-side-items"

describe("travellingItemsOf: the goods an order flow prices", () => {
  it.each<[string, OrderFlowContext, ReturnType<typeof travellingItemsOf>]>([
    ["a cart or an order edit: not an order flow", {}, undefined],
    ["a return: what goes back", { return_id: "ret_1", return_items: [{ id: "ordli_1", quantity: 1 }] }, [{ id: "ordli_1", quantity: 1 }]],
    [
      "an exchange's outbound: what goes out",
      { exchange_id: "exc_1", exchange_items: [{ id: "ordli_9", quantity: 2 }] },
      [{ id: "ordli_9", quantity: 2 }],
    ],
    ["a claim's replacement: what goes out", { claim_id: "cl_1", claim_items: [{ id: "ordli_7", quantity: 1 }] }, [{ id: "ordli_7", quantity: 1 }]],
    [
      "the same line twice (two actions): quantities added up",
      { return_items: [{ id: "ordli_1", quantity: 1 }, { id: "ordli_1", quantity: "2" }] },
      [{ id: "ordli_1", quantity: 3 }],
    ],
    [
      "lines without an id or a positive quantity are left out",
      { return_items: [{ id: "ordli_1", quantity: 0 }, { quantity: 1 }, null, { id: "ordli_2", quantity: 1 }] },
      [{ id: "ordli_2", quantity: 1 }],
    ],
    ["an order flow with no goods yet", { exchange_id: "exc_1", exchange_items: [] }, []],
  ])("%s", (_case, context, expected) => {
    expect(travellingItemsOf(context)).toEqual(expected)
  })
})

describe("packableTravellingItems: the travelling lines with their measures", () => {
  const socks = { id: "ordli_1", quantity: 3, unit_price: 99, variant: { weight: 400 } }
  const stove = { id: "ordli_2", quantity: 1, unit_price: 4990, variant: { weight: 30000, length: 60, width: 50, height: 50 } }

  it("takes each travelling line with its travelling quantity, not the ordered one", () => {
    expect(packableTravellingItems([{ id: "ordli_1", quantity: 1 }], [socks, stove])).toEqual([{ ...socks, quantity: 1 }])
  })

  it("an exchange's new line, loaded by id, is priced on its own", () => {
    expect(packableTravellingItems([{ id: "ordli_2", quantity: 1 }], [stove])).toEqual([stove])
  })

  it("before any goods are added, one unmeasured unit stands in (Medusa prices again when they are)", () => {
    expect(packableTravellingItems([], [socks])).toEqual([{ id: "nothing-added-yet", quantity: 1 }])
    expect(packableTravellingItems([{ id: "ordli_unknown", quantity: 1 }], [socks])).toEqual([{ id: "nothing-added-yet", quantity: 1 }])
  })
})
