/*
 * For a cart: each of its carrier shipping options (recognised by
 * providers/nordic-parcel/provider-id.ts) with price, delivery date and texts, from one quote
 * (lib/checkout/price-service.ts) and the country rules (lib/pickup-point-rule.ts).
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { listShippingOptionsForCartWorkflow } from "@medusajs/medusa/core-flows"
import { isoShippingDate, shippingDateFor } from "../../../../lib/checkout/shipping-date"
import { priceService } from "../../../../lib/checkout/price-service"
import { alternativeDatesFor, offeredDeliveryDates } from "../../../../lib/checkout/delivery-dates"
import { serviceForOptionData } from "../../../../lib/options"
import { pickupPointRule } from "../../../../lib/pickup-point-rule"
import { serviceInfo } from "../../../../lib/service-catalogue"
import { NORDIC_PARCEL_MODULE } from "../../../../modules/nordic_parcel"
import type NordicParcelModuleService from "../../../../modules/nordic_parcel/service"
import { isNordicParcelProviderId } from "../../../../providers/nordic-parcel/provider-id"
import { loadCartForShipping } from "../../../utils/cart"
import type { StoreDeliveryOptionsQuery } from "../../../validators"

type CartShippingOption = {
  id: string
  name: string
  provider_id: string
  data?: Record<string, unknown> | null
  service_zone?: { fulfillment_set?: { location?: { id?: string; address?: Record<string, unknown> | null } | null } | null } | null
}

/**
 * GET /store/nordic-parcel/delivery-options?cart_id: every carrier shipping option of the cart with
 * its price, expected delivery date and display texts, for a checkout page that shows them side by
 * side. All options are priced from one carrier quote, the same one calculatePrice uses, so the
 * amount shown here is the amount the cart gets. The shipping date (the merchant's cut-off time
 * and lead time applied) is the one the carrier was asked with, so the expected delivery date is
 * one the parcel can meet. A price converted from the carrier's currency (the sender's) shows the
 * carrier's own amount and currency beside it; an option without a price says why.
 */
export async function GET(req: MedusaRequest<unknown, StoreDeliveryOptionsQuery>, res: MedusaResponse) {
  const { cart_id } = req.validatedQuery as StoreDeliveryOptionsQuery
  const cart = await loadCartForShipping(req.scope, cart_id)
  const nordicParcel = req.scope.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  const options = await nordicParcel.getEffectiveOptions()
  const { result } = await listShippingOptionsForCartWorkflow(req.scope).run({ input: { cart_id, is_return: false } })
  // The same services calculatePrice quotes together, so this route and the cart share one quote.
  const inUse = await nordicParcel.servicesInUse(req.scope.resolve(ContainerRegistrationKeys.QUERY)).list(options)
  const now = new Date()
  const shippingDate = isoShippingDate(shippingDateFor(now, options.delivery))
  // A service switched off in the admin is not offered, even where a shipping option still names it.
  const carrierOptions = (result as CartShippingOption[]).filter(
    (option) =>
      isNordicParcelProviderId(option.provider_id) &&
      typeof option.data?.service_code === "string" &&
      serviceForOptionData(options, option.data)?.offered
  )

  const delivery_options = await Promise.all(
    carrierOptions.map(async (option) => {
      const service = serviceForOptionData(options, option.data)!
      const code = service.code
      const context = { ...cart, from_location: option.service_zone?.fulfillment_set?.location ?? null }
      const { quote, amount, problem, unusable } = await priceService(nordicParcel.quoter(), options, service, context, inUse, now)
      if (unusable) nordicParcel.notePricingProblem(code, cart.currency_code, unusable)
      const quoted = quote?.available ? quote : undefined
      const pickupPoints = pickupPointRule(service, cart.shipping_address?.country_code)
      // The days come from the price's own lookup: none when the carrier could not be asked.
      const alternatives = alternativeDatesFor(service)
      const deliveryDates = offeredDeliveryDates(code, alternatives, quoted?.deliveryDates)
      return {
        shipping_option_id: option.id,
        name: option.name,
        service_code: code,
        // Rule 3 for the cart's destination: a point must be chosen, or may be (else door or nearest).
        requires_pickup_point: pickupPoints.required,
        offers_pickup_point: pickupPoints.choosable,
        available: amount !== undefined,
        amount: amount?.amount ?? null,
        currency_code: cart.currency_code,
        is_tax_inclusive: amount?.taxInclusive ?? options.pricesIncludeVat,
        price_source: amount?.source ?? null,
        carrier_price: amount?.carrier
          ? { amount: amount.carrier.amount, currency_code: amount.carrier.currency.toLowerCase(), exchange_rate: amount.carrier.exchangeRate }
          : null,
        unavailable_reason: amount ? null : (problem ?? "no price"),
        shipping_date: shippingDate,
        expected_delivery_date: quoted?.deliveryDate ?? null,
        working_days: quoted?.workingDays ?? null,
        expected_delivery_window: quoted?.deliveryWindow ?? null,
        takes_delivery_date: alternatives > 0,
        delivery_dates: deliveryDates,
        display: {
          // The merchant's name for the service (options or admin settings) wins over the carrier's.
          name: service.name ?? quoted?.display.name ?? serviceInfo(code).name,
          description: quoted?.display.description ?? null,
          help_text: quoted?.display.helpText ?? null,
          delivery_message: quoted?.deliveryMessage ?? null,
        },
      }
    })
  )
  res.json({
    delivery_options,
    // What the dates are built from: orders after the cut-off ship the next working day, then the lead time.
    delivery_promise: {
      cut_off_time: options.delivery.cutOffTime ?? null,
      lead_time_days: options.delivery.leadTimeDays,
      shipping_date: shippingDate,
    },
  })
}
