import { randomBytes } from "node:crypto"

/**
 * A minimal, valid PDF 1.4 writer for labels and waybills: one A6 page per entry, Helvetica text
 * lines inside a border. Text is written in WinAnsi (Latin-1), enough for Nordic letters.
 */

const A6_WIDTH = 298
const A6_HEIGHT = 420
const FONT_SIZE = 10
const LINE_HEIGHT = 14

/**
 * `imageBytes`: each page also draws a grey image of that many random (incompressible) bytes, the
 * size a real label's barcodes and logos give it.
 */
export function renderPdf(pages: string[][], { imageBytes = 0 } = {}): Buffer {
  const objects: (string | Buffer)[] = []
  const pageCount = pages.length
  const side = Math.ceil(Math.sqrt(imageBytes))
  const perPage = side > 0 ? 3 : 2
  // Object numbers: 1 catalog, 2 page tree, 3 font, then per page: the page, its content stream (and its image).
  const pageObject = (index: number) => 4 + index * perPage
  objects.push("<< /Type /Catalog /Pages 2 0 R >>")
  objects.push(`<< /Type /Pages /Kids [${pages.map((_, i) => `${pageObject(i)} 0 R`).join(" ")}] /Count ${pageCount} >>`)
  objects.push("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
  pages.forEach((lines, index) => {
    const image = side > 0 ? `${pageObject(index) + 2} 0 R` : undefined
    const content = image ? `q 120 0 0 120 150 20 cm /Im1 Do Q\n${pageContent(lines)}` : pageContent(lines)
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${A6_WIDTH} ${A6_HEIGHT}] ` +
        `/Resources << /Font << /F1 3 0 R >>${image ? ` /XObject << /Im1 ${image} >>` : ""} >> /Contents ${pageObject(index) + 1} 0 R >>`
    )
    objects.push(`<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`)
    if (image) {
      const pixels = randomBytes(side * side)
      objects.push(
        Buffer.concat([
          Buffer.from(`<< /Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceGray /BitsPerComponent 8 /Length ${pixels.length} >>\nstream\n`, "latin1"),
          pixels,
          Buffer.from("\nendstream", "latin1"),
        ])
      )
    }
  })

  const chunks: Buffer[] = [Buffer.from("%PDF-1.4\n", "latin1")]
  let length = chunks[0].length
  const offsets: number[] = []
  objects.forEach((body, index) => {
    offsets.push(length)
    const chunk = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`, "latin1"), typeof body === "string" ? Buffer.from(body, "latin1") : body, Buffer.from("\nendobj\n", "latin1")])
    chunks.push(chunk)
    length += chunk.length
  })
  let tail = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  tail += offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("")
  tail += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`
  return Buffer.concat([...chunks, Buffer.from(tail, "latin1")])
}

function pageContent(lines: string[]): string {
  const text = lines.map((line) => `(${escapePdfText(line)}) Tj T*`).join(" ")
  return `10 10 ${A6_WIDTH - 20} ${A6_HEIGHT - 20} re S BT /F1 ${FONT_SIZE} Tf ${LINE_HEIGHT} TL 20 ${A6_HEIGHT - 36} Td ${text} ET`
}

/** Escapes PDF string delimiters and replaces characters outside Latin-1. */
function escapePdfText(line: string): string {
  return line.replace(/[^\x20-\xff]/g, "?").replace(/[\\()]/g, (c) => `\\${c}`)
}
