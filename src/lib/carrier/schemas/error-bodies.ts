import { z } from "@medusajs/framework/zod"
import { lenient, lenientList, wireNumber, wireString } from "./common"

/*
 * The error bodies the carrier's services answer with. Each is parsed leniently: the client must
 * cope with any of them, with plain text and with an empty body, on any status.
 */

/** Shipping, pickup-point and postal-code lookups (carrier notes 10, 13). `field` is "" when not field related. */
export const fieldErrorsBody = z.looseObject({
  fieldErrors: z
    .array(
      z.looseObject({
        code: lenient(wireString),
        message: lenient(wireString),
        field: lenient(wireString),
      })
    )
    .min(1),
})

/** Booking (carrier notes 14): the normal response envelope with `confirmation: null` and `errors[]`. */
export const bookingErrorEntry = z.looseObject({
  uniqueId: lenient(wireString),
  code: lenient(wireString),
  messages: lenientList(z.looseObject({ lang: lenient(wireString), message: wireString })),
  consignmentCorrelationId: lenient(wireString),
  packageCorrelationId: lenient(wireString),
})
export type BookingErrorEntry = z.output<typeof bookingErrorEntry>

export const bookingErrorsBody = z.looseObject({
  consignments: z.array(
    z.looseObject({
      correlationId: lenient(wireString),
      errors: lenientList(bookingErrorEntry),
    })
  ),
})

/** A refused pickup order (carrier notes 47): the booking entries at the top level, `pickupConfirmation: null`. */
export const pickupErrorsBody = z.looseObject({
  errors: z.array(z.unknown()).transform((entries) =>
    entries.flatMap((entry) => {
      const parsed = bookingErrorEntry.safeParse(entry)
      return parsed.success ? [parsed.data] : []
    })
  ),
})

/** Event-cast tracking endpoints: `{uuid, status: "400", reason?}`. */
export const trackingErrorBody = z.looseObject({
  uuid: wireString,
  status: lenient(wireString),
  reason: lenient(wireString),
})

/**
 * The variant some 401 and 500 answers of the all-accessible customer list carry:
 * `status` holds a code followed by an HTTP status name, e.g. `"400 BAD_REQUEST"`.
 */
export const clientMessageBody = z.looseObject({
  clientMessage: wireString,
  message: lenient(wireString),
  severity: lenient(wireString),
  status: lenient(wireString),
})

/** Event-cast customer endpoints: `{reason, status: 401}`. */
export const customerErrorBody = z.looseObject({
  reason: wireString,
  status: lenient(wireNumber),
})

/** Older shipping interface and anything else that answers `{code, message}`. */
export const codeMessageBody = z.looseObject({
  code: lenient(wireString),
  message: wireString,
})
