import type { BookingCustomer } from "../carrier"
import { shortCustomerNumber } from "../customer-number"

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
}

export function customerView(customer: BookingCustomer): CustomerView {
  return {
    customer_number: shortCustomerNumber(customer.customerNumber),
    listed_as: customer.customerNumber,
    name: customer.name ?? null,
    country_code: customer.countryCode ?? null,
    services: [...customer.products],
  }
}
