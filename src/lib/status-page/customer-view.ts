import type { BookingCustomer } from "../carrier"
import { shortCustomerNumber } from "../customer-number"
import { serviceLabel, type ServiceLabel } from "../service-names/service-label"

/** A customer number the credentials may book with, as the admin shows it. */
export type CustomerView = {
  /** The number requests take (and the options and settings use), e.g. "5". */
  customer_number: string
  /** The carrier's listed form, e.g. PARCELS_NORWAY-00000000005. */
  listed_as: string
  name: string | null
  country_code: string | null
  /** Service codes the customer number may book. */
  services: string[]
  /** The same services with their names (merchant's, else the carrier's, else the plugin's) and the carrier's description. */
  service_details: { code: string; name: string; description: string | null }[]
}

/** `label` gives a service's name by precedence; without it, the plugin's catalogue names the services. */
export function customerView(customer: BookingCustomer, label: (code: string) => ServiceLabel = (code) => serviceLabel(code)): CustomerView {
  return {
    customer_number: shortCustomerNumber(customer.customerNumber),
    listed_as: customer.customerNumber,
    name: customer.name ?? null,
    country_code: customer.countryCode ?? null,
    services: [...customer.products],
    service_details: customer.products.map((code) => {
      const { name, description } = label(code)
      return { code, name, description }
    }),
  }
}
