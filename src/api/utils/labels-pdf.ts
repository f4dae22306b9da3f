import type { MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { mapLimit } from "../../lib/concurrency/map-limit"
import { mergePdfs } from "../../lib/labels/merge-pdfs"
import type NordicParcelModuleService from "../../modules/nordic_parcel/service"

/** Labels downloaded from the carrier at once (its label storage is not rate limited like bookings). */
const DOWNLOADS_IN_FLIGHT = 8

/**
 * Answers one PDF holding the label of each fulfillment, in the order given. A fulfillment without
 * a label of this carrier is a 404 naming it: a print run silently missing a parcel is worse.
 */
export async function sendMergedLabels(
  nordicParcel: NordicParcelModuleService,
  fulfillmentIds: string[],
  res: MedusaResponse,
  filename: string
): Promise<void> {
  const shipments = fulfillmentIds.length
    ? await nordicParcel.listShipments({ fulfillment_id: fulfillmentIds, kind: "outbound" }, { order: { created_at: "DESC" } })
    : []
  const urls = new Map<string, string>()
  for (const shipment of shipments) {
    if (shipment.label_url && !urls.has(shipment.fulfillment_id) && ["booked", "shipped", "delivered"].includes(shipment.status)) {
      urls.set(shipment.fulfillment_id, shipment.label_url)
    }
  }
  const missing = fulfillmentIds.filter((id) => !urls.has(id))
  if (fulfillmentIds.length === 0 || missing.length > 0) {
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      fulfillmentIds.length === 0 ? "there are no labels to print" : `no Nordic Parcel label for fulfillment ${missing.join(", ")}`
    )
  }
  const documents = await mapLimit(fulfillmentIds, DOWNLOADS_IN_FLIGHT, async (id) =>
    (await nordicParcel.carrier().booking.downloadLabel(urls.get(id)!)).body
  )
  const pdf = await mergePdfs(documents)
  res.setHeader("Content-Type", "application/pdf")
  res.setHeader("Content-Disposition", `attachment; filename="${filename}"`)
  res.send(pdf)
}
