import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { NORDIC_PARCEL_MODULE } from "../../../modules/nordic_parcel"
import { chargeListedReturnPrice } from "../store-return-price"

/**
 * The guard's failure branches, which a running store reaches only when its database falters
 * between two reads (the integration tests in shopper-after-sale.spec.ts cover every answer the
 * guard gives a shopper): when the option is this carrier's and the order cannot be read, the
 * error answers, so Medusa never creates the return at whatever price the request named.
 */
type Returns = { isCarrierOption(id: string): Promise<boolean>; loadOrder(id: string): Promise<unknown>; priceFor(): Promise<unknown> }

function requestWith(body: Record<string, unknown>, returns: Returns): MedusaRequest {
  const scope = {
    resolve: (key: string) => (key === NORDIC_PARCEL_MODULE ? { returnOptions: () => returns } : {}),
  }
  return { body, scope } as unknown as MedusaRequest
}

const body = { order_id: "order_1", items: [{ id: "item_1", quantity: 1 }], return_shipping: { option_id: "so_carrier", price: 0 } }
const unreadable = new Error("Connection terminated unexpectedly")

describe("the guard on POST /store/returns fails closed", () => {
  const cases: [string, Returns][] = [
    ["the order cannot be read", { isCarrierOption: async () => true, loadOrder: () => Promise.reject(unreadable), priceFor: async () => undefined }],
    ["the option cannot be read", { isCarrierOption: () => Promise.reject(unreadable), loadOrder: async () => ({}), priceFor: async () => undefined }],
  ]
  it.each(cases)("%s: the error answers and the request never reaches Medusa's return flow", async (_case, returns) => {
    const next = jest.fn()
    await chargeListedReturnPrice(requestWith(structuredClone(body), returns), {} as MedusaResponse, next)
    expect(next).toHaveBeenCalledTimes(1)
    expect(next).toHaveBeenCalledWith(unreadable)
  })

  it("another provider's option passes untouched, whatever the order", async () => {
    const next = jest.fn()
    const sent = structuredClone(body)
    const returns: Returns = { isCarrierOption: async () => false, loadOrder: () => Promise.reject(unreadable), priceFor: async () => undefined }
    await chargeListedReturnPrice(requestWith(sent, returns), {} as MedusaResponse, next)
    expect(next).toHaveBeenCalledWith()
    expect(sent.return_shipping.price).toBe(0)
  })
})
