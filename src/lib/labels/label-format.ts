/**
 * What a document the carrier gave is, and how it is served: the one place that decides. Labels
 * are PDFs, except the tracked mailbox parcel 3570's: a label-printer file with RFID instructions
 * (booking rule 6, carrier notes 39), printed on special hardware. It is kept and served as the
 * carrier gave it (its own content type), never put into a PDF. A return's QR codes are PNG
 * images. Every document is served with the type its bytes show and nosniff, so nothing the
 * storage sends runs on the admin's or the store's origin; anything else is not served at all.
 */
export type LabelFormat =
  | { kind: "pdf"; contentType: "application/pdf"; disposition: "attachment"; extension: "pdf" }
  | { kind: "printer"; contentType: string; disposition: "attachment"; extension: "zpl" }
  | { kind: "png"; contentType: "image/png"; disposition: "attachment"; extension: "png" }
  | { kind: "unknown"; contentType: string }

/** A document the plugin may serve, by kind. */
export type DocumentKind = Exclude<LabelFormat["kind"], "unknown">
export type KnownFormat = Exclude<LabelFormat, { kind: "unknown" }>

const PDF_MAGIC = "%PDF-"
/** The PNG signature: the eight bytes every PNG file starts with. */
const PNG_MAGIC = "\x89PNG\r\n\x1a\n"
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
  if (head.startsWith(PNG_MAGIC)) {
    return { kind: "png", contentType: "image/png", disposition: "attachment", extension: "png" }
  }
  if (ZPL_START.test(head) || PRINTER_TYPES.includes(type)) {
    return { kind: "printer", contentType: PRINTER_TYPES.includes(type) ? type : "application/x-zpl", disposition: "attachment", extension: "zpl" }
  }
  return { kind: "unknown", contentType: type || "application/octet-stream" }
}

/** What each kind is called in a refusal: "… is not a PDF, nor a label-printer file". */
const KIND_NAMES: Record<DocumentKind, string> = { pdf: "a PDF", printer: "a label-printer file", png: "a PNG image" }

export function describeKinds(kinds: readonly DocumentKind[]): string {
  return kinds.map((kind) => KIND_NAMES[kind]).join(", nor ")
}

/**
 * The Content-Disposition of a document served as a file, with a name safe for the header (the
 * extension from the format, never from the carrier). The store serves a shopper's documents
 * `inline` (shown in the browser, e.g. the QR code at the counter); the admin as downloads.
 */
export function labelDisposition(format: KnownFormat, baseName: string, disposition: "attachment" | "inline" = format.disposition): string {
  const safe = baseName.replace(/[^A-Za-z0-9._-]/g, "_")
  return `${disposition}; filename="${safe}.${format.extension}"`
}
