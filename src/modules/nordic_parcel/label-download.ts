/*
 * The one label download path (module's `downloadLabel`): through `BookingClient.downloadLabel`, only
 * from the carrier's label storage (lib/labels/label-storage.ts, option `labels.storageHosts`; every
 * redirect checked in lib/carrier/http.ts), at most `labels.maxBytes`; what the file is (PDF, the 3570
 * label-printer file, or refused) is decided from its first bytes before its content type by
 * lib/labels/label-format.ts. The admin's label route and the merged PDFs come through here. (The
 * shopper's return documents, QR-code images among them, are streamed by api/utils/shopper-order.ts
 * through `BookingClient.downloadLabel` directly, without the storage-host check and size cap.)
 */
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
