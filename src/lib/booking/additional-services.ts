import type { BookingAdditionalService, BookingParty } from "../carrier"
import type { ServiceOptions } from "../options"
import type { BookingProblem } from "./booking-input"

/**
 * The carrier's additional services per service. A service the spec lists nothing for takes
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
export type CashOnDelivery = { amount?: number; currencyCode: string; accountNumber?: string }

export function additionalServices(
  service: ServiceOptions,
  customer: BookingParty,
  problems: BookingProblem[],
  cashOnDelivery?: CashOnDelivery
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
  const booked = enabled.filter((id) => allowed.includes(id))
  if (booked.includes("POSTOPPKRAV")) {
    if (!cashOnDelivery?.accountNumber) {
      problems.push({
        field: "cod_account_number",
        message:
          `service ${service.code}: cash on delivery (POSTOPPKRAV) pays the order's total into the merchant's account; ` +
          "set the cash-on-delivery account number (setting cod_account_number, option codAccountNumber)",
      })
    }
    if (!(cashOnDelivery?.amount && cashOnDelivery.amount > 0)) {
      problems.push({ field: "order.total", message: "order: cash on delivery (POSTOPPKRAV) needs an order total above zero to collect" })
    }
  }
  return booked.map((id) => withFields(id, customer, cashOnDelivery))
}

/**
 * EVARSLING notifies the customer electronically, so it carries their e-mail and mobile.
 * POSTOPPKRAV (cash on delivery) collects the order's total, in its currency, for the merchant's
 * account. The others take no fields from the order.
 */
function withFields(id: string, customer: BookingParty, cashOnDelivery?: CashOnDelivery): BookingAdditionalService {
  if (id === "POSTOPPKRAV") {
    return {
      id,
      accountNumber: cashOnDelivery?.accountNumber ?? "",
      // The carrier takes the amount with at most two decimals.
      amount: Math.round((cashOnDelivery?.amount ?? 0) * 100) / 100,
      currencyCode: (cashOnDelivery?.currencyCode ?? "").toUpperCase(),
    } as BookingAdditionalService
  }
  if (id !== "EVARSLING") {
    return { id }
  }
  const { email, phoneNumber } = customer.contact ?? {}
  return { id, ...(email ? { email } : {}), ...(phoneNumber ? { mobile: phoneNumber } : {}) }
}
