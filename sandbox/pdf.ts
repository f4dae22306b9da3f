/**
 * A minimal, valid PDF 1.4 writer for labels and waybills: one A6 page per entry, Helvetica text
 * lines inside a border. Text is written in WinAnsi (Latin-1), enough for Nordic letters.
 */

const A6_WIDTH = 298
const A6_HEIGHT = 420
const FONT_SIZE = 10
const LINE_HEIGHT = 14

export function renderPdf(pages: string[][]): Buffer {
  const objects: string[] = []
  const pageCount = pages.length
  // Object numbers: 1 catalog, 2 page tree, 3 font, then a page and its content stream per page.
  const pageObject = (index: number) => 4 + index * 2
  objects.push("<< /Type /Catalog /Pages 2 0 R >>")
  objects.push(`<< /Type /Pages /Kids [${pages.map((_, i) => `${pageObject(i)} 0 R`).join(" ")}] /Count ${pageCount} >>`)
  objects.push("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
  pages.forEach((lines, index) => {
    const content = pageContent(lines)
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${A6_WIDTH} ${A6_HEIGHT}] ` +
        `/Resources << /Font << /F1 3 0 R >> >> /Contents ${pageObject(index) + 1} 0 R >>`
    )
    objects.push(`<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`)
  })

  let pdf = "%PDF-1.4\n"
  const offsets: number[] = []
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(pdf, "latin1"))
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`
  })
  const xrefOffset = Buffer.byteLength(pdf, "latin1")
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  pdf += offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("")
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`
  return Buffer.from(pdf, "latin1")
}

function pageContent(lines: string[]): string {
  const text = lines.map((line) => `(${escapePdfText(line)}) Tj T*`).join(" ")
  return `10 10 ${A6_WIDTH - 20} ${A6_HEIGHT - 20} re S BT /F1 ${FONT_SIZE} Tf ${LINE_HEIGHT} TL 20 ${A6_HEIGHT - 36} Td ${text} ET`
}

/** Escapes PDF string delimiters and replaces characters outside Latin-1. */
function escapePdfText(line: string): string {
  return line.replace(/[^\x20-\xff]/g, "?").replace(/[\\()]/g, (c) => `\\${c}`)
}
