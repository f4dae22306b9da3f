/*
 * Who may read an order on the store routes: Medusa's optional customer authentication
 * (api/middlewares.ts), then lib/shopper/order-access.ts (the id alone proves nothing: a guest also
 * gives the order's e-mail or a signed token; a signed-in customer reads only their own orders); 404 for anyone else.
 * Also streams the carrier's return documents to their owner.
 */
import type { MedusaResponse, MedusaStoreRequest } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { labelDisposition, type DocumentKind } from "../../lib/labels/label-format"
import { guestAccessUnavailable, ORDER_EMAIL_HEADER, ORDER_TOKEN_HEADER, shopperAccess, type OrderOwnership, type ShopperProof } from "../../lib/shopper/order-access"
import { returnDocumentLinks, type ReturnDocumentLinks, type ShipmentRow } from "../../lib/shopper/order-shipment"
import { NORDIC_PARCEL_MODULE } from "../../modules/nordic_parcel"
import type NordicParcelModuleService from "../../modules/nordic_parcel/service"

const notFound = (what: string) => new MedusaError(MedusaError.Types.NOT_FOUND, `${what} was not found`)

/** A header's one value (a repeated header is not a proof). */
function headerValue(req: MedusaStoreRequest, name: string): string | undefined {
  const value = req.headers[name]
  return typeof value === "string" && value.trim() ? value.trim() : undefined
}

/**
 * What the request proves about who is asking: the signed-in customer (Medusa's optional customer
 * authentication, api/middlewares.ts), and a guest's second factor from its headers: the order's
 * e-mail (`x-nordic-parcel-order-email`) or an access token (`x-nordic-parcel-order-token`)
 * verified by the module.
 */
function shopperProof(req: MedusaStoreRequest, order: OrderOwnership | undefined): ShopperProof {
  // A token of an identity that has no customer yet carries an empty actor id: a guest.
  const customerId = req.auth_context?.actor_type === "customer" ? req.auth_context.actor_id || undefined : undefined
  const token = headerValue(req, ORDER_TOKEN_HEADER)
  const nordicParcel = req.scope.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  return {
    customerId,
    email: headerValue(req, ORDER_EMAIL_HEADER),
    tokenGiven: Boolean(token),
    tokenValid: token && order ? nordicParcel.verifyOrderAccessToken(token, order) : false,
  }
}

/** The order of `:id` when it exists and is not a draft (the shopper's proof not checked), else undefined. */
export async function loadOrderOwnership(req: MedusaStoreRequest, orderId: string): Promise<OrderOwnership | undefined> {
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "order", fields: ["id", "customer_id", "email", "is_draft_order"], filters: { id: orderId } })
  return data[0] as OrderOwnership | undefined
}

/** The 404 of an order the shopper may not read: the same words as for an order that does not exist. */
export const orderNotFound = (orderId: string) => notFound(`Order with id: ${orderId}`)

/**
 * The order of `:id` when the shopper making the request may read it (lib/shopper/order-access.ts:
 * the signed-in customer's own order, or a second factor), else a 404 that reads the same as for
 * an order that does not exist.
 */
export async function orderOfShopper(req: MedusaStoreRequest): Promise<OrderOwnership> {
  const orderId = req.params.id
  const order = await loadOrderOwnership(req, orderId)
  const nordicParcel = req.scope.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  const access = shopperAccess(order, shopperProof(req, order), nordicParcel.guestAccessPolicy())
  if (access === "guest_access_unavailable") throw guestAccessUnavailable()
  if (access !== "granted") throw orderNotFound(orderId)
  return order!
}

/** A shipment of the shopper's order with the carrier's links to its return documents, else 404. */
export async function returnDocumentsOfShopper(req: MedusaStoreRequest): Promise<{ shipment: ShipmentRow; links: ReturnDocumentLinks }> {
  const order = await orderOfShopper(req)
  const nordicParcel = req.scope.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  const [shipment] = (await nordicParcel.listShipments({ id: req.params.shipment_id, order_id: order.id })) as unknown as ShipmentRow[]
  const links = shipment ? returnDocumentLinks(shipment) : null
  if (!shipment || !links) throw notFound(`A return label of shipment ${req.params.shipment_id}`)
  return { shipment, links }
}

/**
 * Sends a carrier document (the return label PDF, a QR code PNG) to the shopper. The carrier's
 * link carries its own access token, so the shopper never sees it: the store fetches it on their
 * behalf, through the module's one download (label-download.ts: the label storage's hosts only,
 * every redirect checked, a size limit, the format from the bytes). This route is open to a guest
 * holding the order's id, so nothing else reaches them: the type is the format's, never the
 * carrier's, with nosniff and a file name made safe.
 */
export async function sendCarrierDocument(
  req: MedusaStoreRequest,
  res: MedusaResponse,
  url: string,
  file: { baseName: string; kind: DocumentKind }
): Promise<void> {
  const nordicParcel = req.scope.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  // A carrier failure is thrown on: the plugin's error handler answers it (503 down, 429 throttled, 502 refused, …).
  const document = await nordicParcel.downloadLabel(url, [file.kind])
  res.setHeader("Content-Type", document.contentType)
  res.setHeader("Content-Disposition", labelDisposition(document, file.baseName, "inline"))
  res.setHeader("X-Content-Type-Options", "nosniff")
  // The shopper's own document: a shared cache must not keep it.
  res.setHeader("Cache-Control", "private, max-age=300")
  res.send(document.body)
}
