import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createShippingOptionsWorkflow } from "@medusajs/medusa/core-flows"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { AxiosResponse } from "axios"
import { roundMoney } from "../../src/lib/checkout/price-adjustment"
import { roundPrice } from "../../src/lib/pricing/rounding"
import { createAdminHeaders } from "../helpers/admin"
import { responseOf } from "../helpers/http"
import { useSandbox } from "../helpers/sandbox"
import { NORDIC_SANDBOX_USERS, seedNordicStore, type NordicStore } from "../helpers/nordic-store"

jest.setTimeout(600 * 1000)

/**
 * Selling across the Nordics, as a merchant with two warehouses sets it up: regions in NOK, SEK
 * and DKK; the Oslo warehouse on the Norwegian agreement (5, and 6 for BUSINESS_PARCEL) ships to
 * Norway and, with BUSINESS_PARCEL, to Sweden and Denmark; the Gothenburg warehouse has its own
 * Swedish customer number (8) and ships BUSINESS_PARCEL within Sweden. The carrier prices in the
 * sender's currency (NOK from Oslo, SEK from Gothenburg); the merchant sets a NOK → SEK rate with
 * "up to 9" rounding and no DKK rate.
 */
const sandbox = useSandbox({ users: NORDIC_SANDBOX_USERS })
const SHIPPING_LOOKUP = "/shippingguide/v2/products"
const SEK_RATE = 0.95

/** The response, whether axios resolved it or rejected it (4xx/5xx). */
const answerOf = (request: Promise<AxiosResponse>) => request.catch(responseOf)

const ADDRESSES = {
  bergen: { first_name: "Kari", last_name: "Nordmann", address_1: "Strandgaten 1", city: "Bergen", country_code: "no", postal_code: "5004", phone: "+4712345678" },
  stockholm: { first_name: "Sven", last_name: "Svensson", address_1: "Drottninggatan 5", city: "Stockholm", country_code: "se", postal_code: "11122", phone: "+46701234567" },
  copenhagen: { first_name: "Mette", last_name: "Hansen", address_1: "Nørrebrogade 10", city: "København N", country_code: "dk", postal_code: "2200", phone: "+4520123456" },
}

medusaIntegrationTestRunner({
  inApp: true,
  env: {},
  testSuite: ({ api, getContainer }) => {
    let store: NordicStore
    let storeHeaders: { headers: Record<string, string> }
    let adminHeaders: { headers: Record<string, string> }

    beforeAll(async () => {
      store = await seedNordicStore(getContainer())
      storeHeaders = { headers: { "x-publishable-api-key": store.publishableKey } }
      adminHeaders = await createAdminHeaders(api, getContainer())
      // The merchant's settings: the NOK → SEK rate with its rounding, and Gothenburg's own agreement and sender.
      const saved = await api.post(
        "/admin/nordic-parcel/settings",
        {
          currencies: { SEK: { exchange_rate: SEK_RATE, rounding: "up_to_9" } },
          locations: {
            [store.gothenburgId]: { customer_number: "8", sender_name: "Nordisk Hage AB", contact_name: "Lisa Lager", email: "goteborg@nordiskhage.se" },
          },
          // The return service of the return options, on the Nordic agreement where the location has none of its own.
          services: { PICKUP_PARCEL: { is_return: true, customer_number: "6" } },
        },
        adminHeaders
      )
      expect(saved.status).toBe(200)
    })

    async function createCart(regionId: string, address: Record<string, string>): Promise<string> {
      const { data } = await api.post(
        "/store/carts",
        { region_id: regionId, sales_channel_id: store.salesChannelId, email: "shopper@example.com", shipping_address: address },
        storeHeaders
      )
      await api.post(`/store/carts/${data.cart.id}/line-items`, { variant_id: store.mug, quantity: 1 }, storeHeaders)
      return data.cart.id as string
    }

    async function calculate(cartId: string, optionId: string) {
      const res = await api.post(`/store/shipping-options/${optionId}/calculate`, { cart_id: cartId }, storeHeaders)
      return res.data.shipping_option as { amount: number | null | undefined }
    }

    async function deliveryOptions(cartId: string) {
      const { data } = await api.get(`/store/nordic-parcel/delivery-options?cart_id=${cartId}`, storeHeaders)
      return data.delivery_options as {
        shipping_option_id: string
        available: boolean
        amount: number | null
        currency_code: string
        carrier_price: { amount: number; currency_code: string; exchange_rate: number } | null
        unavailable_reason: string | null
      }[]
    }

    /** What the sandbox answers for the last lookup the plugin sent from `fromCountry` (to `toPostalCode`): the service's price. */
    async function carrierPrice(fromCountry: string, service: string, toPostalCode?: string) {
      const sent = [...sandbox().requests].reverse().find((r) => {
        if (r.path !== SHIPPING_LOOKUP) return false
        const consignment = (r.body as { consignments: { fromCountryCode: string; toPostalCode: string }[] }).consignments[0]
        return consignment.fromCountryCode === fromCountry && (!toPostalCode || consignment.toPostalCode === toPostalCode)
      })!
      const res = await fetch(`${sandbox().url}${SHIPPING_LOOKUP}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-portal-api-uid": sandbox().credentials.apiUid, "x-portal-api-key": sandbox().credentials.apiKey },
        body: JSON.stringify(sent.body),
      })
      const body = await res.json()
      const product = body.consignments.flatMap((c: { products: unknown[] }) => c.products).find((p: { id: string }) => p.id === service)
      const consignments = (sent.body as { consignments: { products: { id: string; customerNumber?: string }[]; fromPostalCode: string }[] }).consignments
      const consignment = consignments.find((c) => c.products.some((p) => p.id === service))!
      return {
        amount: Number(product.price.netPrice.priceWithAdditionalServices.amountWithVAT),
        withoutVat: Number(product.price.netPrice.priceWithAdditionalServices.amountWithoutVAT),
        currency: product.price.netPrice.currencyCode as string,
        customerNumber: consignment.products.find((p) => p.id === service)?.customerNumber,
        fromPostalCode: consignment.fromPostalCode,
      }
    }

    async function completeWith(cartId: string, optionId: string) {
      await api.post(`/store/carts/${cartId}/shipping-methods`, { option_id: optionId }, storeHeaders)
      const { data: pc } = await api.post(`/store/payment-collections`, { cart_id: cartId }, storeHeaders)
      await api.post(`/store/payment-collections/${pc.payment_collection.id}/payment-sessions`, { provider_id: "pp_system_default" }, storeHeaders)
      const { data } = await api.post(`/store/carts/${cartId}/complete`, {}, storeHeaders)
      expect(data.type).toBe("order")
      return data.order as { id: string; items: { id: string }[]; shipping_methods: { amount: number }[] }
    }

    async function fulfil(order: { id: string; items: { id: string }[] }, locationId: string) {
      const before = sandbox().bookings.length
      const res = await api.post(
        `/admin/orders/${order.id}/fulfillments`,
        { location_id: locationId, items: order.items.map((i) => ({ id: i.id, quantity: 1 })) },
        adminHeaders
      )
      expect(res.status).toBe(200)
      expect(sandbox().bookings.length).toBe(before + 1)
      return sandbox().bookings.at(-1)!.request as {
        product: { id: string; customerNumber: string }
        parties: { sender: Record<string, unknown> }
      }
    }

    describe("a SEK cart to Stockholm", () => {
      it("is priced from Gothenburg in SEK as the carrier answers, on Gothenburg's own customer number", async () => {
        const cartId = await createCart(store.regions.sweden, ADDRESSES.stockholm)
        const option = await calculate(cartId, store.gothenburg)
        const carrier = await carrierPrice("SE", "BUSINESS_PARCEL")
        expect(carrier).toMatchObject({ currency: "SEK", customerNumber: "8", fromPostalCode: "41101" })
        expect(option.amount).toBe(carrier.amount)

        const shown = (await deliveryOptions(cartId)).find((o) => o.shipping_option_id === store.gothenburg)!
        expect(shown).toMatchObject({ available: true, amount: carrier.amount, currency_code: "sek", carrier_price: null, unavailable_reason: null })
      })

      it("is priced from Oslo by the merchant's NOK → SEK rate, rounded up to 9, with the carrier's NOK amount beside it", async () => {
        const cartId = await createCart(store.regions.sweden, ADDRESSES.stockholm)
        const option = await calculate(cartId, store.osloNordic)
        const carrier = await carrierPrice("NO", "BUSINESS_PARCEL")
        expect(carrier).toMatchObject({ currency: "NOK", customerNumber: "6", fromPostalCode: "0154" })
        const expected = roundPrice(carrier.amount * SEK_RATE, "up_to_9")
        expect(String(expected)).toMatch(/9$/)
        expect(option.amount).toBe(expected)

        const shown = (await deliveryOptions(cartId)).find((o) => o.shipping_option_id === store.osloNordic)!
        expect(shown).toMatchObject({
          available: true,
          amount: expected,
          currency_code: "sek",
          carrier_price: { amount: carrier.amount, currency_code: "nok", exchange_rate: SEK_RATE },
        })
      })

      it("is booked from Gothenburg with Gothenburg's customer number and sender, at the price shown", async () => {
        const cartId = await createCart(store.regions.sweden, ADDRESSES.stockholm)
        const shown = await calculate(cartId, store.gothenburg)
        const order = await completeWith(cartId, store.gothenburg)
        expect(order.shipping_methods[0].amount).toBe(shown.amount)

        const booking = await fulfil(order, store.gothenburgId)
        expect(booking.product).toMatchObject({ id: "BUSINESS_PARCEL", customerNumber: "8" })
        expect(booking.parties.sender).toMatchObject({
          name: "Nordisk Hage AB",
          addressLine: "Lagergatan 4",
          postalCode: "41101",
          city: "Göteborg",
          countryCode: "SE",
          contact: { name: "Lisa Lager", email: "goteborg@nordiskhage.se", phoneNumber: "+46311234567" },
        })
      })
    })

    describe("a NOK cart to Bergen", () => {
      it("is priced and booked from Oslo as before: the carrier's NOK price, customer number 5, the Oslo sender", async () => {
        const cartId = await createCart(store.regionId, ADDRESSES.bergen)
        const option = await calculate(cartId, store.options.PA_DOREN)
        const carrier = await carrierPrice("NO", "PA_DOREN")
        expect(carrier).toMatchObject({ currency: "NOK", customerNumber: "5" })
        expect(option.amount).toBe(carrier.amount)

        const order = await completeWith(cartId, store.options.PA_DOREN)
        const booking = await fulfil(order, store.stockLocationId)
        expect(booking.product).toMatchObject({ id: "PA_DOREN", customerNumber: "5" })
        expect(booking.parties.sender).toMatchObject({ name: "Oslo warehouse", city: "Oslo", countryCode: "NO", contact: { phoneNumber: "+4791234567" } })
      })
    })

    describe("a DKK cart to Copenhagen, without a DKK rate or fallback", () => {
      it("is not offered the option, and the delivery options and the status page name the missing rate", async () => {
        const cartId = await createCart(store.regions.denmark, ADDRESSES.copenhagen)
        expect((await calculate(cartId, store.osloNordic)).amount ?? null).toBeNull()
        const shown = (await deliveryOptions(cartId)).find((o) => o.shipping_option_id === store.osloNordic)!
        expect(shown).toMatchObject({ available: false, amount: null, unavailable_reason: expect.stringContaining("no exchange rate for DKK") })

        // Medusa does not let the cart use an option without a price.
        await answerOf(api.post(`/store/carts/${cartId}/shipping-methods`, { option_id: store.osloNordic }, storeHeaders))
        const { data: pc } = await api.post(`/store/payment-collections`, { cart_id: cartId }, storeHeaders)
        await api.post(`/store/payment-collections/${pc.payment_collection.id}/payment-sessions`, { provider_id: "pp_system_default" }, storeHeaders)
        const completed = await answerOf(api.post(`/store/carts/${cartId}/complete`, {}, storeHeaders))
        expect(completed.data.type).not.toBe("order")

        const { data: status } = await api.get("/admin/nordic-parcel/status", adminHeaders)
        expect(status.unpriceable_options).toEqual([
          expect.objectContaining({
            region_id: store.regions.denmark,
            currency_code: "dkk",
            shipping_option_id: store.osloNordic,
            service_code: "BUSINESS_PARCEL",
            carrier_currency_code: "nok",
            reason: expect.stringContaining("no exchange rate for DKK"),
          }),
        ])
      })

      it("is offered once the merchant sets a fallback price in DKK, and the status page no longer lists it", async () => {
        await api.post("/admin/nordic-parcel/settings", { services: { BUSINESS_PARCEL: { fallback_prices: { DKK: 89 } } } }, adminHeaders)
        try {
          const cartId = await createCart(store.regions.denmark, ADDRESSES.copenhagen)
          expect((await calculate(cartId, store.osloNordic)).amount).toBe(89)
          const { data: status } = await api.get("/admin/nordic-parcel/status", adminHeaders)
          expect(status.unpriceable_options).toEqual([])
        } finally {
          await api.post("/admin/nordic-parcel/settings", { services: { BUSINESS_PARCEL: { fallback_prices: null } } }, adminHeaders)
        }
      })
    })

    describe("fixed-amount markups per currency", () => {
      const SETTINGS = "/admin/nordic-parcel/settings"
      /** What amount.ts charges: the markup added to the price without VAT, the carrier's VAT on top. */
      const withMarkup = (carrier: { amount: number; withoutVat: number }, rate: number, markup: number) =>
        roundMoney(roundMoney(carrier.withoutVat * rate + markup) * (carrier.amount / carrier.withoutVat))

      it("a SEK cart gets the SEK markup; without one, the NOK markup converted at the merchant's rate", async () => {
        await api.post(SETTINGS, { services: { BUSINESS_PARCEL: { markup: "p20", markups: { SEK: "p25" } } } }, adminHeaders)
        try {
          const cartId = await createCart(store.regions.sweden, ADDRESSES.stockholm)
          // From Gothenburg the carrier answers in SEK: + 25 SEK, not rounded (the price was not converted).
          const fromGothenburg = await calculate(cartId, store.gothenburg)
          const gothenburg = await carrierPrice("SE", "BUSINESS_PARCEL", ADDRESSES.stockholm.postal_code)
          expect(fromGothenburg.amount).toBe(withMarkup(gothenburg, 1, 25))
          // From Oslo in NOK: converted, + 25 SEK, rounded up to 9.
          const fromOslo = await calculate(cartId, store.osloNordic)
          const oslo = await carrierPrice("NO", "BUSINESS_PARCEL", ADDRESSES.stockholm.postal_code)
          expect(fromOslo.amount).toBe(roundPrice(withMarkup(oslo, SEK_RATE, 25), "up_to_9"))

          // SEK without a markup of its own: the NOK 20 at 0.95 is 19 SEK.
          await api.post(SETTINGS, { services: { BUSINESS_PARCEL: { markups: null } } }, adminHeaders)
          expect((await calculate(cartId, store.gothenburg)).amount).toBe(withMarkup(gothenburg, 1, 20 * SEK_RATE))
          expect((await calculate(cartId, store.osloNordic)).amount).toBe(roundPrice(withMarkup(oslo, SEK_RATE, 20 * SEK_RATE), "up_to_9"))

          // Without the SEK rate the NOK markup cannot be converted: Gothenburg's SEK price is not used
          // (no SEK fallback: the option is hidden), and the status page says why.
          await api.post(SETTINGS, { currencies: { SEK: { exchange_rate: null } } }, adminHeaders)
          expect((await calculate(cartId, store.gothenburg)).amount ?? null).toBeNull()
          const { data: status } = await api.get("/admin/nordic-parcel/status", adminHeaders)
          expect(status.unpriceable_options).toContainEqual(
            expect.objectContaining({
              region_id: store.regions.sweden,
              shipping_option_id: store.gothenburg,
              reason: expect.stringContaining("the markup p20 is in NOK and there is no exchange rate for SEK"),
            })
          )
        } finally {
          await api.post(SETTINGS, { currencies: { SEK: { exchange_rate: SEK_RATE } }, services: { BUSINESS_PARCEL: { markup: null, markups: null } } }, adminHeaders)
        }
      })
    })

    describe("a return goes back to the warehouse its return option belongs to", () => {
      /** A SEK order to Stockholm, shipped from Oslo, returned with `returnOption`: the return booking the sandbox received. */
      async function shipFromOsloThenReturn(returnOption: string, returnLocation: string) {
        const cartId = await createCart(store.regions.sweden, ADDRESSES.stockholm)
        const order = await completeWith(cartId, store.osloNordic)
        const outbound = await fulfil(order, store.stockLocationId)
        expect(outbound.parties.sender).toMatchObject({ city: "Oslo", countryCode: "NO" })

        const { data: begun } = await api.post(`/admin/returns`, { order_id: order.id, location_id: returnLocation }, adminHeaders)
        const returnId = begun.return.id as string
        await api.post(`/admin/returns/${returnId}/request-items`, { items: [{ id: order.items[0].id, quantity: 1 }] }, adminHeaders)
        await api.post(`/admin/returns/${returnId}/shipping-method`, { shipping_option_id: returnOption }, adminHeaders)
        const before = sandbox().bookings.length
        const requested = await answerOf(api.post(`/admin/returns/${returnId}/request`, {}, adminHeaders))
        expect({ status: requested.status, message: requested.data.message }).toEqual({ status: 200, message: undefined })
        expect(sandbox().bookings.length).toBe(before + 1)
        return sandbox().bookings.at(-1)!.request as {
          product: { id: string; customerNumber: string }
          parties: { sender: Record<string, unknown>; recipient: Record<string, unknown> }
        }
      }

      it("with Gothenburg's return option: to Gothenburg's address, on Gothenburg's customer number", async () => {
        const booking = await shipFromOsloThenReturn(store.returns.gothenburg, store.gothenburgId)
        expect(booking.product).toMatchObject({ id: "PICKUP_PARCEL", customerNumber: "8" })
        expect(booking.parties.sender).toMatchObject({ postalCode: "11122", city: "Stockholm", countryCode: "SE" })
        expect(booking.parties.recipient).toMatchObject({
          name: "Nordisk Hage AB",
          addressLine: "Lagergatan 4",
          postalCode: "41101",
          city: "Göteborg",
          countryCode: "SE",
          contact: { name: "Lisa Lager", email: "goteborg@nordiskhage.se" },
        })
      })

      it("with Oslo's return option: to Oslo's address, on the service's customer number", async () => {
        const booking = await shipFromOsloThenReturn(store.returns.oslo, store.stockLocationId)
        expect(booking.product).toMatchObject({ id: "PICKUP_PARCEL", customerNumber: "6" })
        expect(booking.parties.sender).toMatchObject({ postalCode: "11122", countryCode: "SE" })
        expect(booking.parties.recipient).toMatchObject({ name: "Oslo warehouse", addressLine: "Karl Johans gate 1", postalCode: "0154", city: "Oslo", countryCode: "NO" })
      })

      it("a return option no warehouse holds is not offered to the shopper: POST /store/returns naming it is refused with 400, nothing booked", async () => {
        // A return option whose fulfilment set no warehouse holds (the merchant unlinked it): no
        // sales channel reaches it, so the store lists no such option for the order and the shopper
        // cannot name it (before, it was booked to the warehouse that shipped the order).
        const container = getContainer()
        const fulfillment = container.resolve(Modules.FULFILLMENT)
        const link = container.resolve(ContainerRegistrationKeys.LINK)
        const homeless = await fulfillment.createFulfillmentSets({
          name: "Returns without a warehouse",
          type: "shipping",
          service_zones: [{ name: "Sweden returns", geo_zones: [{ type: "country", country_code: "se" }] }],
        })
        const setLink = { [Modules.STOCK_LOCATION]: { stock_location_id: store.stockLocationId }, [Modules.FULFILLMENT]: { fulfillment_set_id: homeless.id } }
        await link.create(setLink) // Medusa checks the provider against the set's warehouse when the option is made
        const { result: [option] } = await createShippingOptionsWorkflow(container).run({
          input: [
            {
              name: "Return by pickup point",
              price_type: "calculated",
              provider_id: store.providerId,
              service_zone_id: homeless.service_zones[0].id,
              shipping_profile_id: store.shippingProfileId,
              data: { id: "nordic-parcel-PICKUP_PARCEL", name: "PICKUP_PARCEL", service_code: "PICKUP_PARCEL", requires_pickup_point: false, is_return: true },
              type: { label: "PICKUP_PARCEL", description: "Return via a pickup point", code: "return_pickup_parcel_homeless" },
              rules: [
                { attribute: "enabled_in_store", value: "true", operator: "eq" },
                { attribute: "is_return", value: "true", operator: "eq" },
              ],
            },
          ],
        })
        await link.dismiss(setLink)

        const cartId = await createCart(store.regions.sweden, ADDRESSES.stockholm)
        const order = await completeWith(cartId, store.osloNordic)
        await fulfil(order, store.stockLocationId)
        const before = sandbox().bookings.length
        const refused = await answerOf(
          api.post("/store/returns", { order_id: order.id, items: [{ id: order.items[0].id, quantity: 1 }], return_shipping: { option_id: option.id } }, storeHeaders)
        )
        expect({ status: refused.status, message: refused.data.message }).toEqual({
          status: 400,
          message: `return_shipping.option_id: ${option.id} is not a return option this store offers for this order`,
        })
        expect(sandbox().bookings.length).toBe(before)

      })
    })

    describe("a signed-in shopper's return of a SEK order shipped from Oslo", () => {
      /** Medusa's own sign-up, then a token that names the customer. */
      async function signUp(email: string) {
        const password = "sven-svensson-losenord-123"
        const registered = await api.post("/auth/customer/emailpass/register", { email, password })
        await api.post("/store/customers", { email, first_name: "Sven", last_name: "Svensson" }, { headers: { ...storeHeaders.headers, authorization: `Bearer ${registered.data.token}` } })
        const login = await api.post("/auth/customer/emailpass", { email, password })
        return { headers: { ...storeHeaders.headers, authorization: `Bearer ${login.data.token}` } }
      }

      it("lists each warehouse's return option for 1 of 2 items at the carrier's price from Stockholm to that warehouse in SEK; free gives 0; a fixed SEK amount gives that amount", async () => {
        const sven = await signUp("sven@example.com")
        const cartId = await createCart(store.regions.sweden, ADDRESSES.stockholm)
        await api.post(`/store/carts/${cartId}/line-items`, { variant_id: store.mug, quantity: 1 }, storeHeaders)
        await api.post(`/store/carts/${cartId}/customer`, {}, sven)
        const order = await completeWith(cartId, store.osloNordic)
        const fulfilled = await api.post(`/admin/orders/${order.id}/fulfillments`, { location_id: store.stockLocationId, items: (order.items as { id: string; quantity: number }[]).map((i) => ({ id: i.id, quantity: i.quantity })) }, adminHeaders)
        expect(fulfilled.status).toBe(200)
        const listOptions = async () => {
          const res = await api.post(`/store/nordic-parcel/orders/${order.id}/return-options`, { items: [{ id: order.items[0].id, quantity: 1 }] }, sven)
          expect(res.status).toBe(200)
          return res.data.return_options as { shipping_option_id: string; amount: number; currency_code: string; price_source: string; service_code: string }[]
        }

        const listed = await listOptions()
        expect(listed.map((o) => o.shipping_option_id).sort()).toEqual([store.returns.gothenburg, store.returns.oslo].sort())
        // A return leaves Sweden: the carrier prices it in SEK (the sender's currency), to each option's own warehouse.
        const toOslo = await carrierPrice("SE", "PICKUP_PARCEL", "0154")
        expect(toOslo).toMatchObject({ currency: "SEK", customerNumber: "6" })
        const oslo = listed.find((o) => o.shipping_option_id === store.returns.oslo)!
        expect(oslo).toMatchObject({ service_code: "PICKUP_PARCEL", amount: toOslo.amount, currency_code: "sek", price_source: "carrier" })
        const toGothenburg = await carrierPrice("SE", "PICKUP_PARCEL", "41101")
        expect(toGothenburg).toMatchObject({ currency: "SEK", customerNumber: "8" })
        expect(listed.find((o) => o.shipping_option_id === store.returns.gothenburg)!.amount).toBe(toGothenburg.amount)

        try {
          // A return priced in NOK (no SEK price from the carrier) would be converted at the merchant's
          // rate and rounded up to 9; with the carrier's own SEK price, the shopper pays that price.
          await api.post("/admin/nordic-parcel/settings", { services: { PICKUP_PARCEL: { return_price: "free" } } }, adminHeaders)
          expect((await listOptions()).map((o) => [o.amount, o.price_source])).toEqual([[0, "free"], [0, "free"]])
          await api.post("/admin/nordic-parcel/settings", { services: { PICKUP_PARCEL: { return_price: "fixed", return_prices: { SEK: 59, NOK: 49 } } } }, adminHeaders)
          expect((await listOptions()).map((o) => [o.amount, o.currency_code, o.price_source])).toEqual([[59, "sek", "fixed"], [59, "sek", "fixed"]])

          // Through the storefront path the return is charged exactly that, and goes to the option's warehouse.
          const before = sandbox().bookings.length
          const created = await api.post(
            `/store/nordic-parcel/orders/${order.id}/returns`,
            { items: [{ id: order.items[0].id, quantity: 1 }], return_shipping: { option_id: store.returns.gothenburg, price: 59 } },
            sven
          )
          expect(created.status).toBe(200)
          expect(created.data.return).toMatchObject({ shipping_amount: 59, currency_code: "sek" })
          const { data } = await api.get(`/admin/returns/${created.data.return.id}?fields=id,*shipping_methods`, adminHeaders)
          expect(data.return.shipping_methods.map((m: { amount: number }) => Number(m.amount))).toEqual([59])
          expect(sandbox().bookings.length).toBe(before + 1)
          expect((sandbox().bookings.at(-1)!.request as { parties: { recipient: { postalCode: string } } }).parties.recipient.postalCode).toBe("41101")
        } finally {
          await api.post("/admin/nordic-parcel/settings", { services: { PICKUP_PARCEL: { return_price: null, return_prices: null } } }, adminHeaders)
        }
      })
    })

    describe("the merchant's settings", () => {
      it.each([
        [{ currencies: { SEK: { exchange_rate: 0 } } }, "currencies[SEK].exchange_rate: must be between 0.0001 and 10000"],
        [{ currencies: { sek: { exchange_rate: 1 } } }, "currencies[sek]"],
        [{ locations: { sloc_x: { email: "not an address" } } }, "locations[sloc_x].email: must be an e-mail address"],
        [{ services: { BUSINESS_PARCEL: { fallback_prices: { DKK: -1 } } } }, "services[BUSINESS_PARCEL].fallback_prices[DKK]"],
      ])("refuses %j with 400 naming the field", async (body, named) => {
        const res = await answerOf(api.post("/admin/nordic-parcel/settings", body, adminHeaders))
        expect(res.status).toBe(400)
        expect(res.data.message).toContain(named)
      })

      it("shows the rates and the location's agreement as the merchant set them", async () => {
        const { data } = await api.get("/admin/nordic-parcel/settings", adminHeaders)
        expect(data.effective.currencies.SEK).toEqual({ exchange_rate: SEK_RATE, rounding: "up_to_9" })
        expect(data.effective.locations[store.gothenburgId]).toMatchObject({ customer_number: "8", sender_name: "Nordisk Hage AB" })
      })
    })
  },
})
