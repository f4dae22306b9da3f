/*
 * Who may read an order on the store routes: Medusa's optional customer authentication
 * (api/middlewares.ts), then lib/shopper/order-access.ts (Medusa's `GET /store/orders/:id` rule: the
 * id is a guest's credential; a signed-in customer reads only their own orders); 404 for anyone else.
 * Also streams the carrier's return documents to their owner.
 */
import type { MedusaResponse, MedusaStoreRequest } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { labelDisposition, type DocumentKind } from "../../lib/labels/label-format"
import { shopperMayReadOrder, type OrderOwnership } from "../../lib/shopper/order-access"
import { returnDocumentLinks, type ReturnDocumentLinks, type ShipmentRow } from "../../lib/shopper/order-shipment"
import { NORDIC_PARCEL_MODULE } from "../../modules/nordic_parcel"
import type NordicParcelModuleService from "../../modules/nordic_parcel/service"

const notFound = (what: string) => new MedusaError(MedusaError.Types.NOT_FOUND, `${what} was not found`)

/**
 * The order of `:id` when the shopper making the request may read it (lib/shopper/order-access.ts),
 * else a 404 that reads the same as for an order that does not exist.
 */
export async function orderOfShopper(req: MedusaStoreRequest): Promise<OrderOwnership> {
  const orderId = req.params.id
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "order", fields: ["id", "customer_id", "is_draft_order"], filters: { id: orderId } })
  const order = data[0] as OrderOwnership | undefined
  // A token of an identity that has no customer yet carries an empty actor id: a guest.
  const signedIn = req.auth_context?.actor_type === "customer" ? req.auth_context.actor_id || undefined : undefined
  if (!shopperMayReadOrder(order, signedIn)) throw notFound(`Order with id: ${orderId}`)
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
