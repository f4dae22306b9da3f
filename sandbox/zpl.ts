/**
 * A label in a label printer's language (ZPL) with RFID instructions, as the carrier produces for
 * the tracked mailbox parcel 3570 (booking rule 6, carrier notes 39): the printer writes the
 * package number into the label's RFID tag (^RS, ^RFW) and prints the text lines.
 */
export function renderZpl(lines: string[], packageNumber: string): Buffer {
  const tag = Buffer.from(packageNumber, "ascii").toString("hex").toUpperCase()
  const text = lines.map((line, i) => `^FO40,${40 + i * 36}^A0N,28,28^FD${line.replace(/[\^~]/g, " ")}^FS`)
  return Buffer.from(["^XA", "^RS8", `^RFW,H^FD${tag}^FS`, ...text, `^FO40,${60 + lines.length * 36}^BCN,80,Y,N,N^FD${packageNumber}^FS`, "^XZ", ""].join("\n"), "ascii")
}

/** The content type the sandbox answers a printer label with. */
export const ZPL_CONTENT_TYPE = "application/x-zpl"
