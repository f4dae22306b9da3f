/*
 * What Medusa stores on a fulfillment after a booking: the fulfillment data (`service_code`, numbers,
 * label and tracking URLs, pickup point, `return` with its `qr_codes`, `test`, `booked_at`,
 * `fulfillment_id`) and the `labels[]`.
 */
import type { BookingConfirmation } from "../carrier"
import type { PickupPointSnapshot } from "../checkout/pickup-point"
import { httpLink } from "../http-link"

/** What Medusa stores on the fulfillment. */
export type ShipmentData = {
  /** The fulfillment holding the booking: a cancellation releases only what this fulfillment holds. */
  fulfillment_id: string
  service_code: string
  kind: "outbound" | "return"
  consignment_number: string
  package_numbers: string[]
  label_url: string | null
  tracking_url: string | null
  pickup_point?: PickupPointSnapshot
  /** QR codes of a return booking (one per package), shown instead of a printed label. */
  qr_codes?: string[]
  return?: { service_code: string; consignment_number: string; label_url: string | null; qr_codes: string[] }
  test: boolean
  booked_at: string
}

export type FulfillmentResult = {
  data: ShipmentData
  labels: { tracking_number: string; tracking_url: string; label_url: string }[]
}

type Booked = {
  kind: "outbound" | "return"
  fulfillmentId: string
  serviceCode: string
  returnServiceCode?: string
  pickupPoint?: PickupPointSnapshot
  test: boolean
  bookedAt: Date
}

/**
 * Turns the carrier's confirmation into the fulfillment's data and Medusa labels. Label and
 * tracking links are the carrier's absolute URLs (a tracking link is kept only if http(s): lib/http-link.ts) (the label link carries its own access token), so
 * they open from the admin without a carrier login.
 */
export function toFulfillmentResult(confirmation: BookingConfirmation, booked: Booked): FulfillmentResult {
  const qrCodes = confirmation.packages.map((p) => p.qrCodeLink).filter((link): link is string => Boolean(link))
  const data: ShipmentData = {
    fulfillment_id: booked.fulfillmentId,
    service_code: booked.serviceCode,
    kind: booked.kind,
    consignment_number: confirmation.consignmentNumber,
    package_numbers: confirmation.packages.map((p) => p.packageNumber).filter((n): n is string => Boolean(n)),
    label_url: confirmation.links?.labels ?? null,
    tracking_url: httpLink(confirmation.links?.tracking),
    ...(booked.pickupPoint ? { pickup_point: booked.pickupPoint } : {}),
    ...(booked.kind === "return" && qrCodes.length ? { qr_codes: qrCodes } : {}),
    ...(booked.kind === "outbound" && confirmation.returnConsignmentNumber
      ? {
          return: {
            service_code: booked.returnServiceCode ?? "",
            consignment_number: confirmation.returnConsignmentNumber,
            label_url: confirmation.returnLinks?.labels ?? null,
            qr_codes: qrCodes,
          },
        }
      : {}),
    test: booked.test,
    booked_at: booked.bookedAt.toISOString(),
  }
  const labels = [
    { tracking_number: data.consignment_number, tracking_url: data.tracking_url, label_url: data.label_url },
    ...(data.return
      ? [
          {
            tracking_number: data.return.consignment_number,
            tracking_url: httpLink(confirmation.returnLinks?.tracking),
            label_url: data.return.label_url,
          },
        ]
      : []),
  ]
    // Medusa links a label only when both URLs are http(s); keep only usable ones.
    .filter((l): l is FulfillmentResult["labels"][number] => httpLink(l.tracking_url) !== null && httpLink(l.label_url) !== null)
  return { data, labels }
}
