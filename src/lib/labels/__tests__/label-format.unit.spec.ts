import { labelDisposition, labelFormatOf } from "../label-format"

const bytes = (text: string) => new Uint8Array(Buffer.from(text, "latin1"))

describe("label format (PDF, or the 3570 label-printer file)", () => {
  it.each<[string, string | undefined, string, string]>([
    ["a PDF", "application/pdf", "%PDF-1.4\n...", "pdf"],
    ["a PDF with a generic type", "application/octet-stream", "%PDF-1.7", "pdf"],
    ["a ZPL label with RFID instructions", "application/x-zpl", "^XA\n^RS8\n^RFW,H^FD4C41^FS\n^XZ", "printer"],
    ["a ZPL label sent as text", "text/plain", "^XA^FO40,40^FDLA100000017NO^FS^XZ", "printer"],
    ["a ZPL label after a ~ command", undefined, "~JA\n^XA^XZ", "printer"],
    ["a printer type without the usual start", "application/zpl", "CT~~CD,~CC^~CT~", "printer"],
    ["an HTML error page", "text/html; charset=utf-8", "<html>Error</html>", "unknown"],
    ["nothing", undefined, "", "unknown"],
  ])("%s", (_name, contentType, body, kind) => {
    expect(labelFormatOf(contentType, bytes(body)).kind).toBe(kind)
  })

  it("keeps the carrier's printer content type, and names the file for its kind", () => {
    const zpl = labelFormatOf("application/x-zpl; charset=us-ascii", bytes("^XA^XZ"))
    expect(zpl).toEqual({ kind: "printer", contentType: "application/x-zpl", disposition: "attachment", extension: "zpl" })
    if (zpl.kind === "unknown") throw new Error("expected a printer label")
    expect(labelDisposition(zpl, "70712345678901234")).toBe('attachment; filename="70712345678901234.zpl"')
    const pdf = labelFormatOf("application/pdf", bytes("%PDF-1.4"))
    if (pdf.kind === "unknown") throw new Error("expected a PDF")
    expect(labelDisposition(pdf, 'return-"x"')).toBe('attachment; filename="return-_x_.pdf"')
  })
})
