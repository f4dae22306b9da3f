import { PDFDocument } from "pdf-lib"

/**
 * One PDF of many labels, in the order given, so a run of bookings is printed in one go. Every
 * page of every label is copied as it is (a label with a return label keeps both pages).
 */
export async function mergePdfs(documents: Uint8Array[]): Promise<Buffer> {
  const merged = await PDFDocument.create()
  for (const bytes of documents) {
    const source = await PDFDocument.load(bytes, { ignoreEncryption: true })
    const pages = await merged.copyPages(source, source.getPageIndices())
    pages.forEach((page) => merged.addPage(page))
  }
  return Buffer.from(await merged.save())
}
