import { SERVICES } from "./services"

/**
 * The carrier's test customer numbers (carrier notes 5). Requests use the short number ("5"); the
 * customer list shows the prefixed form, which the sandbox also accepts wherever a customer number
 * is read (except for mailbox parcels, carrier notes 32).
 */
export interface TestCustomer {
  customerNumber: "5" | "6" | "7"
  listedCustomerNumber: string
  name: string
  countryCode: string
}

export const TEST_CUSTOMERS: readonly TestCustomer[] = [
  { customerNumber: "5", listedCustomerNumber: "PARCELS_NORWAY-00000000005", name: "Testkunde Pakker Norge", countryCode: "NO" },
  { customerNumber: "6", listedCustomerNumber: "PARCELS_NORWAY-00000000006", name: "Testkunde Pakker Norden", countryCode: "NO" },
  { customerNumber: "7", listedCustomerNumber: "CARGO-00000000007", name: "Testkunde Gods Norge", countryCode: "NO" },
]

export function findCustomer(customerNumber: unknown): TestCustomer | undefined {
  if (typeof customerNumber !== "string") return undefined
  return TEST_CUSTOMERS.find(
    (c) => c.customerNumber === customerNumber || c.listedCustomerNumber === customerNumber
  )
}

/** Service codes in the customer's agreement. */
export function agreementServices(customer: TestCustomer): string[] {
  return SERVICES.filter((s) => s.customerNumber === customer.customerNumber).map((s) => s.id)
}
