import { SERVICES } from "./services"

/**
 * The carrier's test customer numbers (carrier notes 5). Requests use the short number ("5"); the
 * customer list shows the prefixed form, which the sandbox also accepts wherever a customer number
 * is read (except for mailbox parcels, carrier notes 32).
 */
export interface TestCustomer {
  customerNumber: string
  listedCustomerNumber: string
  name: string
  countryCode: string
  /**
   * The customer number whose services this agreement covers, when not its own: the Swedish and
   * Danish parcel agreements cover the Nordic parcel services of `6`, for senders in their country.
   */
  servicesOf?: "5" | "6" | "7"
}

export const TEST_CUSTOMERS: readonly TestCustomer[] = [
  { customerNumber: "5", listedCustomerNumber: "PARCELS_NORWAY-00000000005", name: "Testkunde Pakker Norge", countryCode: "NO" },
  { customerNumber: "6", listedCustomerNumber: "PARCELS_NORWAY-00000000006", name: "Testkunde Pakker Norden", countryCode: "NO" },
  { customerNumber: "7", listedCustomerNumber: "CARGO-00000000007", name: "Testkunde Gods Norge", countryCode: "NO" },
  // Per country (carrier notes 38): a Swedish and a Danish agreement, for warehouses there. Not
  // among the demo user's numbers; a sandbox user lists them to use them.
  { customerNumber: "8", listedCustomerNumber: "PARCELS_SWEDEN-00000000008", name: "Testkund Paket Sverige", countryCode: "SE", servicesOf: "6" },
  { customerNumber: "9", listedCustomerNumber: "PARCELS_DENMARK-00000000009", name: "Testkunde Pakker Danmark", countryCode: "DK", servicesOf: "6" },
]

export function findCustomer(customerNumber: unknown): TestCustomer | undefined {
  if (typeof customerNumber !== "string") return undefined
  return TEST_CUSTOMERS.find(
    (c) => c.customerNumber === customerNumber || c.listedCustomerNumber === customerNumber
  )
}

/** Service codes in the customer's agreement. */
export function agreementServices(customer: TestCustomer): string[] {
  const agreement = customer.servicesOf ?? customer.customerNumber
  return SERVICES.filter((s) => s.customerNumber === agreement).map((s) => s.id)
}
