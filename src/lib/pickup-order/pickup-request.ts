import type { PickupOrderRequest } from "../carrier"
import { present, type BookingProblem, type StockLocationInput } from "../booking/booking-input"
import { stockLocationParty } from "../booking/parties"
import { pickupDateProblem } from "./pickup-date"

/**
 * The pickup order the carrier receives (carrier notes 47), from what the plugin knows: the stock
 * location's address, contact and phone exactly as a booking's sender (lib/booking/parties.ts, with
 * the merchant's sender settings), the customer number of the location's agreement, the store's
 * test mode; and what the merchant chose: date, ready time, message and counts. Every problem is
 * listed at once, each naming the field of the admin route or the stock location to fix.
 */

export type PickupOrderInput = {
  location: StockLocationInput
  /** `customerNumberFor` the location (location > default). */
  customerNumber: string | undefined
  pickupDate: string
  /** `HH:mm`, carrier time; null: ready whenever the driver comes. */
  readyAt: string | null
  /** For the driver (gate, door bell). */
  message: string | null
  packages: number
  pallets: number
  test: boolean
  now: Date
}

export type PickupProblem = BookingProblem

/** The message is printed on the driver's list; kept to a length a list line holds. */
export const PICKUP_MESSAGE_MAX = 200

export function pickupOrderRequest(input: PickupOrderInput): { request: PickupOrderRequest; problems: PickupProblem[] } {
  const problems: PickupProblem[] = []
  const dateProblem = pickupDateProblem(input.pickupDate, input.now)
  if (dateProblem) problems.push({ field: "pickup_date", message: dateProblem })

  const sender = stockLocationParty(input.location, problems)
  const label = `stock location "${input.location.name}"`
  const phone = sender.contact?.phoneNumber
  if (!phone) {
    problems.push({
      field: "stock_location.address.phone",
      message: `${label}: address.phone (or the location's sender phone in the plugin's settings) is required: the driver calls on arrival`,
    })
  }
  const customerNumber = present(input.customerNumber)
  if (!customerNumber) {
    problems.push({
      field: "customer_number",
      message: `${label} has no customer number: set one for the location, or the plugin's default customerNumber`,
    })
  }
  if (input.packages + input.pallets <= 0) {
    problems.push({
      field: "number_of_packages",
      message: `nothing to collect from ${label} on ${input.pickupDate}: give the number of packages or pallets`,
    })
  }

  const contactName = sender.contact?.name
  const message = [present(input.message), contactName ? `Contact: ${contactName}` : undefined].filter(Boolean).join(" · ")
  const request: PickupOrderRequest = {
    customerInformation: { customerNumber: customerNumber ?? "", companyName: sender.name },
    pickupAddress: {
      street: [sender.addressLine, sender.addressLine2].filter(Boolean).join(", "),
      postalCode: sender.postalCode ?? "",
      city: sender.city,
      email: sender.contact?.email ?? null,
      phoneNumber: phone ?? "",
      message: message || null,
    },
    pickupDate: input.pickupDate,
    pickupIsReadyAtTime: input.readyAt,
    pickupTimeZone: null,
    countryCode: sender.countryCode,
    // Pallets alone travel as cargo; anything with parcels is a parcel pickup.
    service: input.pallets > 0 && input.packages === 0 ? "CARGO" : "PARCEL",
    pickupDetails: { numberOfPackages: input.packages, numberOfPostContainers: 0, numberOfPallets: input.pallets },
    testIndicator: input.test,
  }
  return { request, problems }
}
