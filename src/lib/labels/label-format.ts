/**
 * What a label the carrier gave is, and how the admin serves it: the one place that decides.
 * Labels are PDFs, except the tracked mailbox parcel 3570's: a label-printer file with RFID
 * instructions (booking rule 6, carrier notes 39), printed on special hardware. It is kept and
 * served as the carrier gave it (its own content type), never put into a PDF. Both are served as
 * downloads (with nosniff), so nothing the storage sends runs on the admin's origin; anything else
 * is not served as a label.
 */
export type LabelFormat =
  | { kind: "pdf"; contentType: "application/pdf"; disposition: "attachment"; extension: "pdf" }
  | { kind: "printer"; contentType: string; disposition: "attachment"; extension: "zpl" }
  | { kind: "unknown"; contentType: string }

const PDF_MAGIC = "%PDF-"
/** ZPL labels start with a format start (^XA), possibly after whitespace or a ~ command. */
const ZPL_START = /^\s*(~[A-Z]{2}[^\n]*\n\s*)*\^XA/
const PRINTER_TYPES = ["application/x-zpl", "application/zpl", "text/x-zpl", "application/vnd.zebra-zpl"]

function startOf(bytes: Uint8Array, length: number): string {
  return Buffer.from(bytes.subarray(0, length)).toString("latin1")
}

/** Decided by the bytes first (a carrier's content type can be generic), then the content type. */
export function labelFormatOf(contentType: string | undefined, bytes: Uint8Array): LabelFormat {
  const type = (contentType ?? "").split(";")[0].trim().toLowerCase()
  const head = startOf(bytes, 256)
  if (head.startsWith(PDF_MAGIC)) {
    return { kind: "pdf", contentType: "application/pdf", disposition: "attachment", extension: "pdf" }
  }
  if (ZPL_START.test(head) || PRINTER_TYPES.includes(type)) {
    return { kind: "printer", contentType: PRINTER_TYPES.includes(type) ? type : "application/x-zpl", disposition: "attachment", extension: "zpl" }
  }
  return { kind: "unknown", contentType: type || "application/octet-stream" }
}

/** The Content-Disposition of a label served as a file, with a name safe for the header. */
export function labelDisposition(format: Exclude<LabelFormat, { kind: "unknown" }>, baseName: string): string {
  const safe = baseName.replace(/[^A-Za-z0-9._-]/g, "_")
  return `${format.disposition}; filename="${safe}.${format.extension}"`
}
