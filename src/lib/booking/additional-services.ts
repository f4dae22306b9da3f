import type { BookingAdditionalService, BookingParty } from "../carrier"
import type { ServiceOptions } from "../options"
import type { BookingProblem } from "./booking-input"

/**
 * booking.md "Value added services per service". A service the spec lists nothing for takes
 * nothing. FLEX_DELIVERY is described by the spec but listed for no service, so it is refused
 * everywhere. deliveryOption, listed for BPAKKE_DOR-DOR and PA_DOREN, is not an entry of
 * additionalServices (it is product.services.deliveryOption) and is not booked by the plugin.
 */
const ALLOWED_BY_SERVICE: Readonly<Record<string, readonly string[]>> = {
  SERVICEPAKKE: ["POSTOPPKRAV", "EVARSLING"],
  "BPAKKE_DOR-DOR": ["EVARSLING", "SIMPLE_DELIVERY"],
  PA_DOREN: ["EVARSLING", "SIMPLE_DELIVERY"],
  EKSPRESS09: ["EVARSLING", "LORDAGSUTKJORING"],
  "3570": ["1081"],
  "3584": ["1081"],
}

/**
 * The additional services the shipping option switches on. One the carrier does not offer with
 * the service is a misconfiguration the merchant must see, not something to drop silently: the
 * shopper may have paid for it.
 */
export function additionalServices(
  service: ServiceOptions,
  customer: BookingParty,
  problems: BookingProblem[]
): BookingAdditionalService[] {
  const allowed = ALLOWED_BY_SERVICE[service.code] ?? []
  const enabled = [...new Set(service.additionalServices)]
  for (const id of enabled.filter((id) => !allowed.includes(id))) {
    const offered = allowed.length > 0 ? `it offers ${allowed.join(", ")}` : "it offers none"
    problems.push({
      field: `services.${service.code}.additionalServices`,
      message:
        `service ${service.code}: the carrier does not offer additional service ${id} with ${service.code} (${offered}); ` +
        "remove it from the service's additionalServices",
    })
  }
  return enabled.filter((id) => allowed.includes(id)).map((id) => withFields(id, customer))
}

/**
 * EVARSLING notifies the customer electronically, so it carries their e-mail and mobile. The
 * others take no fields from the order (POSTOPPKRAV's cash-on-delivery fields are not filled by
 * the plugin, GAPS B10).
 */
function withFields(id: string, customer: BookingParty): BookingAdditionalService {
  if (id !== "EVARSLING") {
    return { id }
  }
  const { email, phoneNumber } = customer.contact ?? {}
  return { id, ...(email ? { email } : {}), ...(phoneNumber ? { mobile: phoneNumber } : {}) }
}
