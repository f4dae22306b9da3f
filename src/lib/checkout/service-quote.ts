import type { ShippingLookupResponse, ShippingProduct } from "../carrier"
import { isProductAvailable } from "../carrier"
import { deliveryDatesOf, estimatedArrivalsOf, type DeliveryDateChoice, type DeliveryWindow, type EstimatedArrival } from "./delivery-dates"

export type Money = { withoutVat: number; withVat: number; currency: string }

/** What the carrier said about one service for one cart state, in the plugin's own terms. */
export type ServiceQuote =
  | {
      available: true
      serviceCode: string
      listPrice?: Money
      netPrice?: Money
      /** ISO date (YYYY-MM-DD) of the expected delivery, when the carrier gave one. */
      deliveryDate?: string
      /** Arrival window on the expected day, where the carrier gave a time slot (carrier notes 54). */
      deliveryWindow?: DeliveryWindow
      /** The expected day, then the carrier's alternatives in order (carrier notes 53); absent without a date. */
      deliveryDates?: DeliveryDateChoice[]
      /** Estimated arrival per pickup point id, when the lookup named points (carrier notes 55). */
      estimatedArrivals?: Record<string, EstimatedArrival>
      workingDays?: number
      deliveryMessage?: string
      display: { name?: string; description?: string; helpText?: string; category?: string }
    }
  | { available: false; serviceCode: string; reason: string }

function money(set: NonNullable<ShippingProduct["price"]>["listPrice"]): Money | undefined {
  const amounts = set?.priceWithAdditionalServices ?? set?.priceWithoutAdditionalServices
  const withoutVat = Number(amounts?.amountWithoutVAT)
  const withVat = Number(amounts?.amountWithVAT)
  if (!Number.isFinite(withoutVat) || !Number.isFinite(withVat)) {
    return undefined
  }
  return { withoutVat, withVat, currency: (set?.currencyCode ?? "NOK").toUpperCase() }
}

function isoDate(date: { year?: string | null; month?: string | null; day?: string | null } | null | undefined) {
  if (!date?.year || !date.month || !date.day) {
    return undefined
  }
  return `${date.year.padStart(4, "0")}-${date.month.padStart(2, "0")}-${date.day.padStart(2, "0")}`
}

export function toServiceQuote(product: ShippingProduct): ServiceQuote {
  const listPrice = money(product.price?.listPrice)
  const netPrice = money(product.price?.netPrice)
  if (!isProductAvailable(product) || (!listPrice && !netPrice)) {
    const reason = product.errors.map((e) => e.code ?? e.description).filter(Boolean).join(", ")
    return { available: false, serviceCode: product.id, reason: reason || "NO_PRICE" }
  }
  const delivery = product.expectedDelivery
  const workingDays = Number(delivery?.workingDays)
  const gui = product.guiInformation
  const deliveryDates = deliveryDatesOf(delivery)
  const estimatedArrivals = estimatedArrivalsOf(product.estimatedDeliveryTimes)
  return {
    available: true,
    serviceCode: product.id,
    listPrice,
    netPrice,
    deliveryDate: isoDate(delivery?.expectedDeliveryDate),
    ...(deliveryDates[0]?.window ? { deliveryWindow: deliveryDates[0].window } : {}),
    ...(deliveryDates.length ? { deliveryDates } : {}),
    ...(Object.keys(estimatedArrivals).length ? { estimatedArrivals } : {}),
    workingDays: Number.isFinite(workingDays) && delivery?.workingDays != null ? workingDays : undefined,
    deliveryMessage: delivery?.userMessage ?? undefined,
    display: {
      name: gui?.displayName ?? gui?.productName ?? undefined,
      description: gui?.descriptionText ?? undefined,
      helpText: gui?.helpText ?? undefined,
      category: gui?.mainDisplayCategory ?? undefined,
    },
  }
}

/**
 * Per-service answers of one lookup. A service asked for but absent from the answer (the carrier
 * leaves out services the parcel is too large for) is unavailable.
 */
export function toServiceQuotes(response: ShippingLookupResponse, asked: string[]): Map<string, ServiceQuote> {
  const quotes = new Map<string, ServiceQuote>()
  for (const consignment of response.consignments) {
    for (const product of consignment.products) {
      quotes.set(product.id, toServiceQuote(product))
    }
  }
  for (const code of asked) {
    if (!quotes.has(code)) {
      quotes.set(code, { available: false, serviceCode: code, reason: "NOT_OFFERED_FOR_PARCEL" })
    }
  }
  return quotes
}
