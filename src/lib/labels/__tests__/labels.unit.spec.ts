import http from "node:http"
import type { AddressInfo } from "node:net"
import { PDFDocument } from "pdf-lib"
import { startSandbox, type Sandbox } from "../../../../sandbox"
import { clientsFor, carrierErrorOf } from "../../carrier/__tests__/support"
import type { CarrierClients } from "../../carrier"
import { describeKinds, labelDisposition, labelFormatOf } from "../label-format"
import { labelStorageAllows } from "../label-storage"
import { mergePdfs } from "../merge-pdfs"

describe("what kind of label a file is: decided by its first bytes", () => {
  it.each([
    ["%PDF-1.7\n...", "pdf"],
    ["<html><script>alert(1)</script>", "unknown"],
    ["", "unknown"],
    ["%PDF", "unknown"],
    ["\u0089PNG\r\n", "unknown"],
    ["\u0089PNG\r\n\u001a\n\u0000\u0000\u0000\rIHDR", "png"],
    ["PNG\r\n\u001a\n", "unknown"],
    [" %PDF-1.4", "unknown"],
  ])("%j is %s", (text, kind) => {
    expect(labelFormatOf("application/pdf", Buffer.from(text, "latin1")).kind).toBe(kind)
  })

  it.each([
    ["image/png", "<html>", "unknown"],
    ["text/html", "\u0089PNG\r\n\u001a\n....", "png"],
    ["application/octet-stream", "%PDF-1.4", "pdf"],
  ])("a %s answer starting %j is %s: the bytes decide, and the type served is the format's", (type, text, kind) => {
    const format = labelFormatOf(type, Buffer.from(text, "latin1"))
    expect(format.kind).toBe(kind)
    if (format.kind === "png") expect(format.contentType).toBe("image/png")
    if (format.kind === "pdf") expect(format.contentType).toBe("application/pdf")
  })

  it("names a served file safely, with the format's extension", () => {
    const png = labelFormatOf(undefined, Buffer.from("\u0089PNG\r\n\u001a\n", "latin1"))
    if (png.kind !== "png") throw new Error("not recognised as a PNG")
    expect(labelDisposition(png, 'return-7043"\r\nX: 1', "inline")).toBe('inline; filename="return-7043___X__1.png"')
    expect(describeKinds(["pdf", "printer"])).toBe("a PDF, nor a label-printer file")
  })
})

describe("where a label may be fetched from", () => {
  const live = { baseUrl: "https://api.carrier.example", storageHosts: ["labels.carrier-cdn.example", "*.storage.example"], testMode: false }
  const test = { baseUrl: "http://127.0.0.1:4010", storageHosts: [], testMode: true }
  it.each([
    [live, "https://api.carrier.example/booking/labels/1", true],
    [live, "https://labels.carrier-cdn.example/x.pdf", true],
    [live, "https://eu.storage.example/x.pdf", true],
    [live, "https://storage.example/x.pdf", false],
    [live, "https://evilstorage.example/x.pdf", false],
    [live, "http://labels.carrier-cdn.example/x.pdf", false],
    [live, "http://api.carrier.example/booking/labels/1", false],
    [live, "https://169.254.169.254/latest/meta-data", false],
    [live, "https://user:pw@labels.carrier-cdn.example/x.pdf", false],
    [live, "file:///etc/passwd", false],
    [test, "http://127.0.0.1:4010/label-storage/1/label.pdf", true],
    [test, "http://127.0.0.1:4011/label-storage/1/label.pdf", false],
    [{ ...test, testMode: false }, "http://127.0.0.1:4010/label-storage/1/label.pdf", false],
  ])("%#: %s -> %s", (policy, url, allowed) => {
    expect(labelStorageAllows(new URL(url), policy)).toBe(allowed)
  })
})

describe("merging a print run", () => {
  const onePage = async (text: string) => {
    const doc = await PDFDocument.create()
    doc.addPage().drawText(text)
    return doc.save()
  }

  it("fetches one label after the other into the output, never more than the next one ahead", async () => {
    let inFlight = 0
    let mostAtOnce = 0
    const chunks: Uint8Array[] = []
    const pages = await mergePdfs(
      6,
      async (index) => {
        inFlight++
        mostAtOnce = Math.max(mostAtOnce, inFlight)
        const bytes = await onePage(`label ${index}`)
        await new Promise((resolve) => setTimeout(resolve, 5))
        inFlight--
        return bytes
      },
      async (chunk) => void chunks.push(chunk)
    )
    expect(pages).toBe(6)
    expect((await PDFDocument.load(Buffer.concat(chunks))).getPageCount()).toBe(6)
    expect(mostAtOnce).toBeLessThanOrEqual(2)
  })

  it("keeps every page of every label in order, skips what is not a PDF, and writes a document a strict reader opens", async () => {
    // Label i has i % 2 + 1 pages (a parcel with its return label has two), each page i units wide.
    const label = async (index: number) => {
      const doc = await PDFDocument.create()
      for (let page = 0; page <= index % 2; page++) doc.addPage([200 + index * 10 + page, 300]).drawText(`label ${index} page ${page}`)
      return doc.save({ useObjectStreams: index % 3 === 0 })
    }
    const chunks: Uint8Array[] = []
    const pages = await mergePdfs(5, async (index) => (index === 2 ? undefined : label(index)), async (chunk) => void chunks.push(chunk))
    const merged = await PDFDocument.load(Buffer.concat(chunks), { throwOnInvalidObject: true, updateMetadata: false })
    const widths = merged.getPages().map((page) => page.getWidth())
    expect(widths).toEqual([200, 210, 211, 230, 231, 240])
    expect(pages).toBe(6)
    // The pages keep their drawing: each one's content stream survives the copy.
    for (const page of merged.getPages()) expect(page.node.Contents()).toBeDefined()
  })

  it("writes a valid empty document when no label is a PDF", async () => {
    const chunks: Uint8Array[] = []
    expect(await mergePdfs(2, async () => undefined, async (chunk) => void chunks.push(chunk))).toBe(0)
    expect((await PDFDocument.load(Buffer.concat(chunks))).getPageCount()).toBe(0)
  })

  it("a failed label fails the run, with no unhandled rejection of the one fetched ahead", async () => {
    await expect(
      mergePdfs(
        3,
        async (index) => {
          if (index >= 1) throw new Error(`label ${index} unavailable`)
          return onePage("label 0")
        },
        async () => undefined
      )
    ).rejects.toThrow("label 1 unavailable")
  })
})

describe("downloading a label", () => {
  let sandbox: Sandbox
  let carrier: CarrierClients
  let elsewhere: http.Server
  let elsewhereUrl: string
  const policy = () => ({ baseUrl: sandbox.url, storageHosts: [], testMode: true })

  beforeAll(async () => {
    sandbox = await startSandbox()
    carrier = clientsFor(sandbox)
    // A host that is not the carrier's: redirects to another host, or answers a large body.
    elsewhere = http.createServer((req, res) => {
      if (req.url === "/redirect") {
        res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data" }).end()
      } else {
        res.writeHead(200, { "content-type": "application/pdf" }).end(Buffer.alloc(64 * 1024, "%PDF-"))
      }
    })
    await new Promise<void>((resolve) => elsewhere.listen(0, "127.0.0.1", resolve))
    elsewhereUrl = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    await carrier.close()
    await sandbox.close()
    await new Promise((resolve) => elsewhere.close(resolve))
  })

  it("refuses a link to a host that is not the carrier's label storage, without fetching it", async () => {
    const error = await carrierErrorOf(
      carrier.booking.downloadLabel(`${elsewhereUrl}/label.pdf`, { allowed: (url) => labelStorageAllows(url, policy()) })
    )
    expect(error.message).toMatch(/not the carrier's label storage/)
  })

  it("refuses a redirect to a host the policy does not allow", async () => {
    const error = await carrierErrorOf(
      carrier.booking.downloadLabel(`${elsewhereUrl}/redirect`, { allowed: (url) => url.host !== "169.254.169.254" })
    )
    expect(error.message).toMatch(/redirected to http:\/\/169\.254\.169\.254/)
  })

  it("refuses a body past maxBytes", async () => {
    const error = await carrierErrorOf(carrier.booking.downloadLabel(`${elsewhereUrl}/big.pdf`, { maxBytes: 1024 }))
    expect(error.message).toMatch(/larger than 1024 bytes/)
  })
})
