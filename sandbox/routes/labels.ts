import type { BookingStore, ShippingDocument } from "../booking-store"
import { binary, redirect, text, type HttpResponse } from "../http"
import { renderPdf } from "../pdf"
import { qrCodePng } from "../png"
import { renderZpl, ZPL_CONTENT_TYPE } from "../zpl"
import type { PublicRoute, RequestContext } from "../router"

/**
 * The documents behind a booking's links (carrier notes 20). Label links answer 302 to the stored PDF, as
 * the carrier's do; the `auth-token` in the link is the credential, so a browser can open them.
 */
export function labelRoutes(store: BookingStore, { imageBytes = 0 } = {}): PublicRoute[] {
  const route = (pattern: string, handle: (ctx: RequestContext) => HttpResponse): PublicRoute => ({
    method: "GET",
    pattern,
    group: "label",
    errorStyle: "plain",
    public: true,
    handle,
  })
  const withDocument = (ctx: RequestContext, use: (document: ShippingDocument, token: string) => HttpResponse): HttpResponse => {
    const token = ctx.query.get("auth-token")
    const found = store.document(ctx.params.consignmentNumber, token)
    if (found === "unknown") return text(404, `No label for consignment ${ctx.params.consignmentNumber}`)
    if (found === "wrong-token" || !token) return text(401, "Authentication failed. Missing or invalid auth-token.")
    return use(found, token)
  }
  const storage = (ctx: RequestContext, document: ShippingDocument, file: string, token: string) =>
    redirect(`${ctx.baseUrl}/label-storage/${document.consignmentNumber}/${file}?auth-token=${token}`)

  return [
    route("/booking/labels/:consignmentNumber", (ctx) =>
      withDocument(ctx, (doc, token) => storage(ctx, doc, doc.labelFormat === "zpl" ? "label.zpl" : "label.pdf", token))
    ),
    route("/booking/waybills/:consignmentNumber", (ctx) =>
      withDocument(ctx, (doc, token) =>
        doc.hasWaybill ? storage(ctx, doc, "waybill.pdf", token) : text(404, "No waybill for this consignment")
      )
    ),
    route("/label-storage/:consignmentNumber/:file", (ctx) =>
      withDocument(ctx, (doc) => {
        if (ctx.params.file === "label.zpl" && doc.labelFormat === "zpl") {
          return binary(ZPL_CONTENT_TYPE, renderZpl(doc.lines, doc.packageNumbers[0]))
        }
        if (ctx.params.file === "label.pdf" && doc.labelFormat === "pdf") {
          // One label page per package.
          const pages = doc.packageNumbers.map((number, i) => [...doc.lines, `Package ${i + 1}/${doc.packageNumbers.length}: ${number}`])
          return binary("application/pdf", renderPdf(pages, { imageBytes }))
        }
        if (ctx.params.file === "waybill.pdf" && doc.hasWaybill) {
          return binary("application/pdf", renderPdf([["WAYBILL", ...doc.lines, ...doc.packageNumbers.map((n) => `Package: ${n}`)]]))
        }
        return text(404, `No document ${ctx.params.file}`)
      })
    ),
    route("/booking/qr-codes/:consignmentNumber/:file", (ctx) =>
      withDocument(ctx, (doc) => {
        const packageNumber = ctx.params.file.replace(/\.png$/, "")
        if (!doc.qrPackageNumbers.includes(packageNumber)) return text(404, `No QR code for package ${packageNumber}`)
        return binary("image/png", qrCodePng(`${doc.consignmentNumber}:${packageNumber}`))
      })
    ),
    // The tracking link of a booking: a tiny page, public like the carrier's tracking site.
    route("/tracking/:consignmentNumber", (ctx) => {
      const number = ctx.params.consignmentNumber
      if (!store.hasConsignment(number)) return text(404, `Unknown consignment ${number}`)
      return {
        status: 200,
        headers: { "content-type": "text/html; charset=utf-8" },
        body: `<!doctype html><title>Tracking ${number}</title><h1>Consignment ${number}</h1><p>Booked in the carrier sandbox.</p>`,
      }
    }),
  ]
}
