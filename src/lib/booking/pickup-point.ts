import type { BookingParty } from "../carrier"
import { requiresPickupPoint } from "../options"
import { present, type BookingInput, type BookingProblem } from "./booking-input"
import { isReachable } from "./parties"

export type PickupPointParty = { id: string; countryCode: string }

/**
 * booking.md rule 3: the pickup point the shopper chose, for an outbound booking. Services that
 * deliver only to pickup points refuse a booking without one, and a parcel waiting at a pickup
 * point is useless unless the carrier can tell the customer it arrived.
 */
export function pickupPointParty(input: BookingInput, recipient: BookingParty, problems: BookingProblem[]): PickupPointParty | undefined {
  const id = present(input.pickupPoint?.id)
  const countryCode = present(input.pickupPoint?.country_code)?.toUpperCase()
  if (!id || !countryCode) {
    // No shipping-option data at booking: the merchant's service setting decides, else the code's nature.
    if (requiresPickupPoint(input.service, null)) {
      problems.push({
        field: "shipping_method.data.pickup_point_id",
        message: `shipping method: data.pickup_point_id is required for ${input.service.code} (it delivers to pickup points only)`,
      })
    }
    return undefined
  }
  if (!isReachable(recipient)) {
    problems.push({
      field: "order.email",
      message:
        "order: an e-mail (order email) or phone (delivery_address.phone) is required for delivery to a pickup point, " +
        "so that the carrier can tell the customer the parcel has arrived",
    })
  }
  return { id, countryCode }
}
