/*
 * Serves one PDF of many labels (a bulk run's, or selected shipments'): downloads them through the
 * module's one label path (`downloadLabel`), one label at a time, merges PDFs with
 * lib/labels/merge-pdfs.ts into a temporary file as they come, then streams it, so a failed download
 * or the skipped labels still decide the status and headers; labels that are not PDFs are named in
 * `X-Nordic-Parcel-Skipped-Labels`.
 */
import type { MedusaResponse } from "@medusajs/framework/http"
import { createReadStream } from "node:fs"
import { mkdtemp, open, rm, stat } from "node:fs/promises"
import os from "node:os"
import path from "node:path"
import { pipeline } from "node:stream/promises"
import { BOOKED_SHIPMENT_STATUSES } from "../../lib/statuses"
import { MedusaError } from "@medusajs/framework/utils"
import { mergePdfs } from "../../lib/labels/merge-pdfs"
import type NordicParcelModuleService from "../../modules/nordic_parcel/service"

/** Response header naming each label left out of the merged PDF (not a PDF: the 3570 printer labels). */
export const SKIPPED_LABELS_HEADER = "X-Nordic-Parcel-Skipped-Labels"

/**
 * Answers one PDF holding the label of each fulfillment, in the order given. A fulfillment without
 * a label of this carrier is a 404 naming it: a print run silently missing a parcel is worse. A
 * label that is not a PDF (the tracked mailbox parcel's label-printer file, carrier notes 39) is
 * skipped and named in the SKIPPED_LABELS_HEADER (`<fulfillment id> <consignment number> <type>`,
 * comma-separated): it is printed on its own printer from the fulfillment's label route.
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
  const consignments = new Map<string, string>()
  for (const shipment of shipments) {
    if (shipment.label_url && !urls.has(shipment.fulfillment_id) && (BOOKED_SHIPMENT_STATUSES as readonly string[]).includes(shipment.status)) {
      urls.set(shipment.fulfillment_id, shipment.label_url)
      consignments.set(shipment.fulfillment_id, shipment.consignment_number ?? "")
    }
  }
  const missing = fulfillmentIds.filter((id) => !urls.has(id))
  if (fulfillmentIds.length === 0 || missing.length > 0) {
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      fulfillmentIds.length === 0 ? "there are no labels to print" : `no Nordic Parcel label for fulfillment ${missing.join(", ")}`
    )
  }
  // Each label checked (lib/labels/label-format.ts) and merged one at a time (lib/labels/merge-pdfs.ts)
  // into a file of its own: what a run of 500 labels holds in memory is one label, and the answer's
  // status and headers (a failed download, the labels skipped) are known before its first byte.
  const skipped: string[] = []
  const folder = await mkdtemp(path.join(os.tmpdir(), "nordic-parcel-labels-"))
  const file = path.join(folder, "labels.pdf")
  const removeFile = () => rm(folder, { recursive: true, force: true }).catch(() => undefined)
  try {
    const output = await open(file, "w")
    try {
      await mergePdfs(
        fulfillmentIds.length,
        async (index) => {
          const id = fulfillmentIds[index]
          const label = await nordicParcel.downloadLabel(urls.get(id)!)
          if (label.kind === "pdf") {
            return label.body
          }
          skipped.push(`${id} ${consignments.get(id) || "-"} ${label.contentType}`)
          return undefined
        },
        async (chunk) => {
          await output.write(chunk)
        }
      )
    } finally {
      await output.close()
    }
  } catch (error) {
    await removeFile()
    throw error
  }
  if (skipped.length === fulfillmentIds.length) {
    await removeFile()
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `no PDF labels to merge; labels that are not PDFs (print each from its fulfillment): ${skipped.join(", ")}`
    )
  }
  if (skipped.length > 0) {
    res.setHeader(SKIPPED_LABELS_HEADER, skipped.join(", "))
  }
  res.setHeader("Content-Type", "application/pdf")
  res.setHeader("Content-Length", String((await stat(file)).size))
  res.setHeader("Content-Disposition", `attachment; filename="${filename}"`)
  res.setHeader("X-Content-Type-Options", "nosniff")
  // The file is removed once sent, or once the admin's browser goes away.
  res.once("close", () => void removeFile())
  // Once the answer has begun, a failure (the browser gone away) can only end it, which pipeline
  // does; there is no status left to send.
  await pipeline(createReadStream(file), res).catch(() => undefined)
}
