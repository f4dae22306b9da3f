import { z } from "@medusajs/framework/zod"
import { bookingErrorEntry } from "./error-bodies"
import { countryCode, lenient, lenientList, nonNegativeInteger, text, wireNumber, wireString } from "./common"

/*
 * The booking service's pickup order (carrier notes 47): the carrier comes to collect parcels at
 * an address on a working day. The request is ours (strict); the answer is the carrier's (lenient).
 */

// ------------------------------------------------------------------ request

const optionalText = z.string().nullish()

export const pickupOrderRequestSchema = z.strictObject({
  customerInformation: z.strictObject({
    customerNumber: text(35),
    companyName: text(),
  }),
  pickupAddress: z.strictObject({
    street: text(),
    postalCode: text(35),
    city: text(35),
    email: optionalText,
    phoneNumber: text(),
    /** For the driver: where to ring, which gate. */
    message: optionalText,
  }),
  pickupDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be yyyy-MM-dd"),
  pickupIsReadyAtTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be HH:mm").nullable(),
  /** Always null: the carrier reads the time in its own zone (Oslo). */
  pickupTimeZone: z.null(),
  countryCode,
  service: z.enum(["PARCEL", "CARGO"]),
  pickupDetails: z.strictObject({
    numberOfPackages: nonNegativeInteger,
    numberOfPostContainers: nonNegativeInteger,
    numberOfPallets: nonNegativeInteger,
  }),
  testIndicator: z.boolean(),
})
export type PickupOrderRequest = z.input<typeof pickupOrderRequestSchema>

// ------------------------------------------------------------------ response

/** The confirmation; the window is in epoch milliseconds (numeric strings accepted). */
export const pickupConfirmationSchema = z.looseObject({
  status: lenient(wireString),
  earliestPickupDate: wireNumber,
  latestPickupDate: wireNumber,
  /** The receipt page. */
  url: lenient(wireString),
  /** The carrier's reference of the order. */
  packageNumber: wireString,
})
export type PickupConfirmation = z.output<typeof pickupConfirmationSchema>

/**
 * The envelope of every pickup answer; the confirmation is read only when there are no errors, so a
 * refusal is reported as such even if its confirmation part is odd.
 */
export const pickupOrderResponseSchema = z.looseObject({
  pickupConfirmation: z.unknown(),
  errors: lenientList(bookingErrorEntry),
})
