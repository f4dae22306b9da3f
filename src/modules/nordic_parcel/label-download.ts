import { CarrierError, type BookingClient } from "../../lib/carrier"
import { labelFormatOf, type LabelFormat } from "../../lib/labels/label-format"
import { labelStorageAllows } from "../../lib/labels/label-storage"
import type { NordicParcelOptions } from "../../lib/options"

export type DownloadedLabel = Exclude<LabelFormat, { kind: "unknown" }> & { body: Buffer }

/**
 * One label from the carrier's label storage: only from its hosts (labels.storageHosts), at most
 * labels.maxBytes, and only when the file is a label the admin may serve (lib/labels/label-format.ts:
 * a PDF, or the 3570 label-printer file);
 * anything else is a carrier failure naming what was wrong.
 */
export async function downloadLabel(booking: BookingClient, options: NordicParcelOptions, url: string): Promise<DownloadedLabel> {
  const policy = { baseUrl: options.baseUrl, storageHosts: options.labels.storageHosts, testMode: options.testMode }
  const label = await booking.downloadLabel(url, {
    allowed: (target) => labelStorageAllows(target, policy),
    maxBytes: options.labels.maxBytes,
  })
  const format = labelFormatOf(label.contentType, label.body)
  if (format.kind === "unknown") {
    throw new CarrierError({
      service: "booking",
      operation: "booking.downloadLabel",
      kind: "invalid_response",
      retryable: false,
      summary: `the label file is not a PDF, nor a label-printer file (it starts ${JSON.stringify(label.body.subarray(0, 8).toString("latin1"))})`,
    })
  }
  return { ...format, body: label.body }
}
