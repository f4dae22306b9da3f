/*
 * When a parcel is expected at each pickup point offered at checkout (carrier notes 55): one lookup
 * for every listed point of a cart, built from the cart's quote input, cached and coalesced like a
 * quote by the quoter. A carrier that cannot answer gives no estimate, never a failed listing.
 */
import type { EstimatedArrival } from "./delivery-dates"
import { estimatesPickupPointArrival } from "./delivery-dates"
import type { QuoteInput } from "./quote-input"
import type { CheckoutQuoter } from "./quoter"

/** The lookup of the points' arrival: the one service, the listed points, no alternative days. */
export function arrivalQuoteInput(input: QuoteInput, serviceCode: string, pointIds: string[]): QuoteInput {
  return {
    ...input,
    services: input.services.filter((s) => s.code === serviceCode),
    alternativeDeliveryDates: 0,
    pickupPoints: [...pointIds],
  }
}

/**
 * The estimated arrival of each point (null where the carrier gave none). One carrier request for
 * all points, or none when the answer is cached; `{}` for a service the carrier does not estimate.
 */
export async function estimatedArrivals(
  quoter: Pick<CheckoutQuoter, "quote">,
  input: QuoteInput,
  serviceCode: string,
  pointIds: string[]
): Promise<Record<string, EstimatedArrival | null>> {
  const asked = arrivalQuoteInput(input, serviceCode, pointIds)
  if (!estimatesPickupPointArrival(serviceCode) || pointIds.length === 0 || asked.services.length === 0) return {}
  const outcome = await quoter.quote(asked)
  const quote = outcome.ok ? outcome.quote.services[serviceCode] : undefined
  const arrivals = quote?.available ? (quote.estimatedArrivals ?? {}) : {}
  return Object.fromEntries(pointIds.map((id) => [id, arrivals[id] ?? null]))
}
