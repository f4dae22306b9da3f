import {
  dropOffPointsQuery,
  formatAfterSaleAmount,
  listReturnReasons,
  NordicParcelStoreError,
  returnableItems,
  returnItemsFor,
  returnOptionItems,
  returnOptionsKey,
  returnRequestTexts,
  returnRequestTextsFor,
  withQuantity,
  afterSaleTexts,
  afterSaleTextsFor,
  trackingEventText,
  weekdayNames,
  formatDistance,
  type MedusaSdkLike,
  type OrderLineForReturn,
  type ReturnableItem,
} from "../core"

const line = (id: string, detail: OrderLineForReturn["detail"], extra: Partial<OrderLineForReturn> = {}): OrderLineForReturn => ({
  id,
  title: `Title ${id}`,
  quantity: 2,
  detail,
  ...extra,
})

describe("return page: which lines can go back", () => {
  it.each([
    ["a line sent in full", { fulfilled_quantity: 2 }, 2],
    ["a line of which one is already on a return", { fulfilled_quantity: 2, return_requested_quantity: 1 }, 1],
    ["a line received back and dismissed", { fulfilled_quantity: 3, return_received_quantity: 1, return_dismissed_quantity: 1 }, 1],
    ["quantities as Medusa's BigNumber strings", { fulfilled_quantity: "2", return_requested_quantity: "1" }, 1],
    ["a line not yet sent", { fulfilled_quantity: 0 }, null],
    ["a line already all on its way back", { fulfilled_quantity: 2, return_requested_quantity: 2 }, null],
    ["a line without its detail", null, null],
  ])("%s: %j → %p", (_name, detail, returnable) => {
    const items = returnableItems({ id: "order_1", items: [line("item_1", detail)] })
    expect(items.map((i) => i.returnable)).toEqual(returnable === null ? [] : [returnable])
  })

  it("names a line by its product and its variant, the variant only when it says more", () => {
    const items = returnableItems({
      id: "order_1",
      items: [
        line("a", { fulfilled_quantity: 1 }, { product_title: "Wool socks", variant_title: "M", thumbnail: "https://img/a.png" }),
        line("b", { fulfilled_quantity: 1 }, { title: "Cap", product_title: null, variant_title: "Cap" }),
      ],
    })
    expect(items).toEqual([
      { id: "a", title: "Wool socks", variant_title: "M", thumbnail: "https://img/a.png", returnable: 1 },
      { id: "b", title: "Cap", variant_title: null, thumbnail: null, returnable: 1 },
    ])
  })

  it("an order without items has nothing to return", () => {
    expect(returnableItems({ id: "order_1" })).toEqual([])
  })
})

describe("return page: the shopper's selection and the request it sends", () => {
  const socks: ReturnableItem = { id: "socks", title: "Socks", variant_title: null, thumbnail: null, returnable: 2 }
  const cap: ReturnableItem = { id: "cap", title: "Cap", variant_title: null, thumbnail: null, returnable: 1 }

  it.each([
    [1, { socks: 1 }],
    [2, { socks: 2 }],
    [5, { socks: 2 }],
    [-1, {}],
    [0, {}],
    [1.7, { socks: 1 }],
    [Number.NaN, {}],
  ])("a quantity of %p for a line of which 2 can go back is kept as %j", (typed, expected) => {
    expect(withQuantity({ cap: 1 }, socks, typed)).toEqual({ cap: 1, ...expected })
  })

  it("sends the chosen lines in the order's order, with the reason and the trimmed note, and leaves out the rest", () => {
    const selection = { cap: 1, socks: 2, gone: 3 }
    expect(returnItemsFor(selection, [socks, cap], { reason_id: "rr_1", note: "  too small \n" })).toEqual([
      { id: "socks", quantity: 2, reason_id: "rr_1", note: "too small" },
      { id: "cap", quantity: 1, reason_id: "rr_1", note: "too small" },
    ])
  })

  it.each([
    ["no reason and a blank note", { reason_id: null, note: "   " }, [{ id: "socks", quantity: 1 }]],
    ["no reason given at all", undefined, [{ id: "socks", quantity: 1 }]],
  ])("%s: the line carries neither", (_name, reason, expected) => {
    expect(returnItemsFor({ socks: 1, cap: 0 }, [socks, cap], reason)).toEqual(expected)
  })

  it("never asks for more than can go back, even when the selection says more (the order changed)", () => {
    expect(returnItemsFor({ socks: 9 }, [socks])).toEqual([{ id: "socks", quantity: 2 }])
  })

  it("asks for the options with the lines only, and again only when a line or quantity changes", () => {
    const items = returnItemsFor({ socks: 1, cap: 1 }, [socks, cap], { reason_id: "rr_1", note: "x" })
    expect(returnOptionItems(items)).toEqual([
      { id: "socks", quantity: 1 },
      { id: "cap", quantity: 1 },
    ])
    expect(returnOptionsKey(items)).toBe(returnOptionsKey([...items].reverse()))
    expect(returnOptionsKey(items)).not.toBe(returnOptionsKey([{ id: "socks", quantity: 2 }, { id: "cap", quantity: 1 }]))
  })
})

describe("return page: reasons, drop-off points", () => {
  const sdk = (answer: () => Promise<unknown>): MedusaSdkLike & { calls: unknown[] } => {
    const calls: unknown[] = []
    return {
      calls,
      client: {
        fetch: (async (path: string, init: unknown) => {
          calls.push([path, init])
          return answer()
        }) as MedusaSdkLike["client"]["fetch"],
      },
    }
  }

  it("lists the store's top-level return reasons (a sub-reason would repeat its parent)", async () => {
    const client = sdk(async () => ({
      return_reasons: [
        { id: "rr_1", value: "too_small", label: "Too small", description: null, parent_return_reason_id: null },
        { id: "rr_2", value: "too_small_shoes", label: "Shoes too small", parent_return_reason_id: "rr_1" },
        { id: "rr_3", value: "damaged", label: "Damaged", description: "Arrived broken" },
      ],
    }))
    await expect(listReturnReasons(client)).resolves.toEqual([
      { id: "rr_1", value: "too_small", label: "Too small", description: null },
      { id: "rr_3", value: "damaged", label: "Damaged", description: "Arrived broken" },
    ])
    expect(client.calls[0]).toEqual(["/store/return-reasons", expect.objectContaining({ method: "GET" })])
  })

  it("a failed reasons request is a store error the page can show", async () => {
    const client = sdk(async () => {
      throw Object.assign(new Error("Service Unavailable"), { status: 503 })
    })
    const failure = await listReturnReasons(client).catch((e: unknown) => e)
    expect(failure).toBeInstanceOf(NordicParcelStoreError)
    expect((failure as NordicParcelStoreError).kind).toBe("unavailable")
  })

  it("searches drop-off points near the order's shipping address, street split as the carrier wants it", () => {
    expect(dropOffPointsQuery({ country_code: "no", postal_code: "5003", address_1: "Strandgaten 1" })).toEqual({
      country_code: "NO",
      postal_code: "5003",
      street: "Strandgaten",
      street_number: "1",
      limit: 3,
    })
  })
})

describe("return page: texts", () => {
  const keys = Object.keys(returnRequestTexts.en).sort()

  it.each(Object.entries(returnRequestTexts))("%s has every text, none empty", (_locale, texts) => {
    expect(Object.keys(texts).sort()).toEqual(keys)
    for (const [key, value] of Object.entries(texts)) {
      const shown = typeof value === "function" ? (value as (n: never) => string)(2 as never) : value
      expect(typeof shown).toBe("string")
      expect((shown as string).trim()).not.toBe("")
    }
  })

  it.each([
    ["sv-SE", "Returnera varor", "Inlämnat"],
    ["da", "Returner varer", "Indleveret"],
    ["fi-FI", "Palauta tuotteita", "Jätetty kuljetukseen"],
    ["no", "Returner varer", "Levert inn"],
    ["de-DE", "Return items", "Handed in"],
  ])("%s reads the return page and the carrier's events in the same language", (locale, heading, handedIn) => {
    const t = returnRequestTextsFor(locale)
    expect(t.heading).toBe(heading)
    expect(t.events.HANDED_IN).toBe(handedIn)
    expect(t.retry).toBeTruthy()
  })

  it("a text given by the page replaces the kit's, the rest stay", () => {
    const t = returnRequestTextsFor("en", { heading: "Send it back", returnEvents: { HANDED_IN: "Dropped off" } })
    expect(t.heading).toBe("Send it back")
    expect(t.returnEvents).toEqual({ DELIVERED: "Delivered to the store", HANDED_IN: "Dropped off" })
    expect(t.noteLabel).toBe("Anything else we should know? (optional)")
    expect(t.confirm("NOK 49.00")).toBe("Confirm the return (NOK 49.00)")
  })

  it.each([
    ["en", 49, "NOK", /^NOK\s?49\.00$/],
    ["nb", 49, "NOK", /^(kr\s?49,00|49,00\skr)$/],
    ["sv", 59.5, "SEK", /^59,50\skr$/],
  ])("%s shows %p %s as a price", (locale, amount, currency, shown) => {
    expect(formatAfterSaleAmount(amount, currency, locale)).toMatch(shown)
  })
})

describe("order page: a return's own tracking", () => {
  it.each([
    ["DELIVERED", "return", "Delivered to the store"],
    ["DELIVERED", "outbound", "Delivered"],
    ["HANDED_IN", "return", "Handed in"],
    ["SOMETHING_NEW", "return", "SOMETHING_NEW"],
  ] as const)("%s of a %s shipment reads %p", (status, kind, text) => {
    expect(trackingEventText(status, afterSaleTextsFor("en"), kind)).toBe(text)
  })

  it.each(Object.entries(afterSaleTexts))("%s says what a return's delivery and its wait before hand-in mean", (_locale, t) => {
    expect(t.returnEvents.DELIVERED).toBeTruthy()
    expect(t.returnEvents.DELIVERED).not.toBe(t.events.DELIVERED)
    expect(t.noReturnEventsYet).toBeTruthy()
  })
})

describe("drop-off points: days and distances in the shopper's language", () => {
  it.each([
    ["en", "Monday", "Sunday"],
    ["nb", "mandag", "søndag"],
    ["sv", "måndag", "söndag"],
    ["da", "mandag", "søndag"],
    ["fi", "maanantai", "sunnuntai"],
  ])("%s names the carrier's MONDAY %p and SUNDAY %p", (locale, monday, sunday) => {
    const days = weekdayNames(locale)
    expect(days.MONDAY).toBe(monday)
    expect(days.SUNDAY).toBe(sunday)
    expect(Object.keys(days)).toHaveLength(7)
  })

  it.each([
    [0.85, "en", "850 m"],
    [1.234, "en", "1.2 km"],
    [1.234, "nb", "1,2 km"],
    [12, "sv", "12,0 km"],
  ])("%p km in %s reads %p", (km, locale, shown) => {
    expect(formatDistance(km, locale).replace(/\u00a0/g, " ")).toBe(shown)
  })
})
