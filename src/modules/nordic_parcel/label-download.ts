/*
 * The one label download path (module's `downloadLabel`): through `BookingClient.downloadLabel`, only
 * from the carrier's label storage (lib/labels/label-storage.ts, option `labels.storageHosts`; every
 * redirect checked in lib/carrier/http.ts), at most `labels.maxBytes`; what the file is (PDF, the 3570
 * label-printer file, or refused) is decided from its first bytes before its content type by
 * lib/labels/label-format.ts. The admin's label route, the merged PDFs and the shopper's return
 * documents (streamed by api/http/shopper-order.ts, QR-code images among them) all come through
 * here, with the same storage-host check and size cap.
 */
import { CarrierError, type BookingClient } from "../../lib/carrier"
import { describeKinds, labelFormatOf, type DocumentKind, type KnownFormat } from "../../lib/labels/label-format"
import { labelStorageAllows } from "../../lib/labels/label-storage"
import type { NordicParcelOptions } from "../../lib/options"

export type DownloadedLabel = KnownFormat & { body: Buffer }

/** What the admin prints: a PDF, or the 3570 label-printer file. */
export const LABEL_KINDS: readonly DocumentKind[] = ["pdf", "printer"]

/**
 * One document from the carrier's label storage, for the admin's and the shopper's routes alike:
 * only from its hosts (labels.storageHosts; every redirect checked), at most labels.maxBytes, and
 * only when the file is of a kind the caller serves (lib/labels/label-format.ts: a label is a PDF
 * or the 3570 label-printer file, a return label a PDF, a QR code a PNG image), decided by its
 * bytes; anything else is a carrier failure naming what was wrong, and nothing of it is served.
 */
export async function downloadLabel(
  booking: BookingClient,
  options: NordicParcelOptions,
  url: string,
  accept: readonly DocumentKind[] = LABEL_KINDS
): Promise<DownloadedLabel> {
  const policy = { baseUrl: options.baseUrl, storageHosts: options.labels.storageHosts, testMode: options.testMode }
  const label = await booking.downloadLabel(url, {
    allowed: (target) => labelStorageAllows(target, policy),
    maxBytes: options.labels.maxBytes,
  })
  const format = labelFormatOf(label.contentType, label.body)
  if (format.kind === "unknown" || !accept.includes(format.kind)) {
    throw new CarrierError({
      service: "booking",
      operation: "booking.downloadLabel",
      kind: "invalid_response",
      retryable: false,
      // Its first bytes in hex: the message reaches a guest, and nothing of a hostile body is passed on as text.
      summary: `the carrier's file is not ${describeKinds(accept)} (its first bytes: ${label.body.subarray(0, 8).toString("hex") || "none"})`,
    })
  }
  return { ...format, body: label.body }
}
