/*
 * One PDF of many labels, in bounded memory: pdf-lib reads each label and copies its pages into a
 * small document numbered after the objects already written; those objects are written out and let go,
 * and the page tree, catalogue and cross-reference table come last. Labels that are not PDFs are
 * skipped and named. Used through api/http/labels-pdf.ts.
 */
import {
  PDFCrossRefSection,
  PDFDict,
  PDFDocument,
  PDFHeader,
  PDFName,
  PDFRef,
  PDFTrailer,
  PDFTrailerDict,
  type PDFObject,
} from "pdf-lib"

/** Where the merged PDF goes, chunk by chunk (a file, a response); resolves when it may take more. */
export type PdfSink = (chunk: Uint8Array) => Promise<void>

const CATALOG = PDFRef.of(1)
const PAGE_TREE = PDFRef.of(2)

/**
 * One PDF of many labels, in the order given, so a run of bookings is printed in one go. Every
 * page of every label is copied as it is (a label with a return label keeps both pages).
 *
 * Written as it goes: each label's pages, and what they use, are copied into a small document of
 * their own whose new objects are numbered after the previous label's, written to `sink` as PDF
 * objects, and let go; the page tree, the catalogue and the cross-reference table follow the
 * last label. So a run of 500 labels holds one label at a time (and the next one downloading),
 * never the merged document. A failed download fails the whole merge (a print run silently
 * missing a parcel is worse); `fetchLabel` answers undefined for a label that is not a PDF, which
 * the caller names elsewhere. Resolves with the number of pages written.
 */
export async function mergePdfs(
  count: number,
  fetchLabel: (index: number) => Promise<Uint8Array | undefined>,
  sink: PdfSink
): Promise<number> {
  const writer = new PdfObjectWriter(sink)
  await writer.header()
  const start = (index: number) => {
    const download = fetchLabel(index)
    // Awaited in its turn; this only keeps a failure meanwhile from being reported as unhandled.
    download.catch(() => undefined)
    return download
  }
  const pages: PDFRef[] = []
  let largestObjectNumber = PAGE_TREE.objectNumber
  let next = count > 0 ? start(0) : undefined
  for (let index = 0; index < count; index++) {
    const bytes = await next!
    next = index + 1 < count ? start(index + 1) : undefined
    if (!bytes) {
      continue
    }
    const source = await PDFDocument.load(bytes, { ignoreEncryption: true })
    const label = await PDFDocument.create({ updateMetadata: false })
    // The label document's own catalogue and page tree keep their low numbers and are not written;
    // what it copies is numbered after everything written so far.
    const before = Math.max(largestObjectNumber, label.context.largestObjectNumber)
    label.context.largestObjectNumber = before
    for (const page of await label.copyPages(source, source.getPageIndices())) {
      page.node.set(PDFName.of("Parent"), PAGE_TREE)
      pages.push(page.ref)
    }
    for (const [ref, object] of label.context.enumerateIndirectObjects()) {
      if (ref.objectNumber > before) await writer.object(ref, object)
    }
    largestObjectNumber = label.context.largestObjectNumber
  }
  const objects = (await PDFDocument.create({ updateMetadata: false })).context
  await writer.object(PAGE_TREE, objects.obj({ Type: "Pages", Kids: pages, Count: pages.length }))
  await writer.object(CATALOG, objects.obj({ Type: "Catalog", Pages: PAGE_TREE }))
  await writer.end(objects.obj({ Size: largestObjectNumber + 1, Root: CATALOG }) as PDFDict)
  return pages.length
}

/** PDF syntax written in order, remembering where each object starts for the cross-reference table. */
class PdfObjectWriter {
  private written = 0
  private readonly offsets = new Map<number, number>()

  constructor(private readonly sink: PdfSink) {}

  async header(): Promise<void> {
    const header = PDFHeader.forVersion(1, 7)
    const bytes = new Uint8Array(header.sizeInBytes() + 2)
    header.copyBytesInto(bytes, 0)
    bytes.set([0x0a, 0x0a], bytes.length - 2)
    await this.emit(bytes)
  }

  async object(ref: PDFRef, object: PDFObject): Promise<void> {
    const opening = Buffer.from(`${ref.objectNumber} ${ref.generationNumber} obj\n`, "latin1")
    const closing = Buffer.from("\nendobj\n\n", "latin1")
    const bytes = new Uint8Array(opening.length + object.sizeInBytes() + closing.length)
    bytes.set(opening, 0)
    const end = opening.length + object.copyBytesInto(bytes, opening.length)
    bytes.set(closing, end)
    this.offsets.set(ref.objectNumber, this.written)
    await this.emit(bytes)
  }

  async end(trailerDict: PDFDict): Promise<void> {
    const xref = PDFCrossRefSection.create()
    // Entries in ascending object numbers; numbers never written (a label's own catalogue) are gaps.
    for (const number of [...this.offsets.keys()].sort((a, b) => a - b)) {
      xref.addEntry(PDFRef.of(number), this.offsets.get(number)!)
    }
    const xrefOffset = this.written
    const dict = PDFTrailerDict.of(trailerDict)
    const trailer = PDFTrailer.forLastCrossRefSectionOffset(xrefOffset)
    const bytes = new Uint8Array(xref.sizeInBytes() + 1 + dict.sizeInBytes() + 2 + trailer.sizeInBytes())
    let offset = xref.copyBytesInto(bytes, 0)
    bytes[offset++] = 0x0a
    offset += dict.copyBytesInto(bytes, offset)
    bytes[offset++] = 0x0a
    bytes[offset++] = 0x0a
    trailer.copyBytesInto(bytes, offset)
    await this.emit(bytes)
  }

  private async emit(bytes: Uint8Array): Promise<void> {
    this.written += bytes.length
    await this.sink(bytes)
  }
}
