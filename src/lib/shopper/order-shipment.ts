/*
 * A Shipment row as the shopper reads it (`OrderShipment` of src/storefront/types.ts): events oldest
 * first, return documents as the store's own paths (never the carrier's links).
 */
import { httpLink } from "../http-link"
import type { OrderShipment, ShipmentReturnLabel, ShipmentTrackingEvent } from "../../storefront/types"
import { SHOPPER_VISIBLE_SHIPMENT_STATUSES } from "../statuses"
import { carriedReturnNumber, followedNumbers, statusFromEvents } from "../tracking/followed-consignments"

/** What the shopper's routes read of a `Shipment` row (the booking ledger's model). */
export type ShipmentRow = {
  id: string
  order_id?: string | null
  kind: "outbound" | "return"
  status: string
  service_code: string
  consignment_number: string | null
  package_numbers?: string[] | null
  label_url: string | null
  tracking_url: string | null
  pickup_point?: unknown
  return_shipment?: unknown
  booked_at?: Date | string | null
  fulfillment_result?: unknown
}

export type TrackingEventRow = {
  status: string
  occurred_at: Date | string
  package_number?: string | null
  shipment_number: string
}

// The kit's published status type is these statuses: the two cannot drift apart.
const SHOPPER_STATUSES = new Set<string>(SHOPPER_VISIBLE_SHIPMENT_STATUSES satisfies readonly OrderShipment["status"][])

export function isShopperVisible(shipment: ShipmentRow): shipment is ShipmentRow & { consignment_number: string; status: OrderShipment["status"] } {
  return Boolean(shipment.consignment_number) && SHOPPER_STATUSES.has(shipment.status)
}

/** The carrier's links to a shipment's return documents: never given to the shopper, only fetched for them. */
export type ReturnDocumentLinks = { consignmentNumber: string; labelUrl: string | null; qrCodeUrls: string[] }

/**
 * A return booking's own label and QR codes (the QR links are kept in the fulfillment data Medusa
 * stores), or the free return booked with an outgoing parcel.
 */
export function returnDocumentLinks(shipment: ShipmentRow): ReturnDocumentLinks | null {
  if (shipment.kind === "return") {
    if (!shipment.consignment_number) return null
    const data = (shipment.fulfillment_result as { data?: { qr_codes?: unknown } } | null)?.data
    return { consignmentNumber: shipment.consignment_number, labelUrl: shipment.label_url, qrCodeUrls: stringsOf(data?.qr_codes) }
  }
  const free = shipment.return_shipment as { consignment_number?: unknown; label_url?: unknown; qr_codes?: unknown } | null | undefined
  if (!free || typeof free.consignment_number !== "string" || !free.consignment_number) return null
  return {
    consignmentNumber: free.consignment_number,
    labelUrl: typeof free.label_url === "string" && free.label_url ? free.label_url : null,
    qrCodeUrls: stringsOf(free.qr_codes),
  }
}

function stringsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string" && v.length > 0) : []
}

/** The store paths of a shipment's return documents; the routes fetch them from the carrier for the order's shopper. */
export function returnDocumentPaths(orderId: string, shipmentId: string) {
  const base = `/store/nordic-parcel/orders/${encodeURIComponent(orderId)}/shipments/${encodeURIComponent(shipmentId)}`
  return { label: `${base}/return-label`, qrCode: (index: number) => `${base}/return-qr-codes/${index}` }
}

function toReturnLabel(orderId: string, shipment: ShipmentRow): ShipmentReturnLabel | null {
  const links = returnDocumentLinks(shipment)
  if (!links || (!links.labelUrl && links.qrCodeUrls.length === 0)) return null
  const paths = returnDocumentPaths(orderId, shipment.id)
  return {
    consignment_number: links.consignmentNumber,
    label_path: links.labelUrl ? paths.label : null,
    qr_code_paths: links.qrCodeUrls.map((_, index) => paths.qrCode(index)),
  }
}

const iso = (value: Date | string) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString())

/**
 * A shipment as the order's shopper reads it: its carrier events oldest first, the pickup point's
 * address, the tracking page and the return documents' store paths. No carrier links with tokens,
 * no booking key, no raw carrier payloads.
 */
export function toOrderShipment(
  orderId: string,
  shipment: ShipmentRow & { consignment_number: string; status: OrderShipment["status"] },
  events: TrackingEventRow[],
  serviceName: string
): OrderShipment {
  const point = shipment.pickup_point as { name?: string; address?: string; postal_code?: string; city?: string } | null | undefined
  const trackingEvents: ShipmentTrackingEvent[] = events
    .filter((event) => event.shipment_number === shipment.consignment_number)
    .map((event) => ({ status: event.status, occurred_at: iso(event.occurred_at), package_number: event.package_number ?? null }))
    .sort((a, b) => a.occurred_at.localeCompare(b.occurred_at))
  return {
    id: shipment.id,
    kind: shipment.kind,
    status: shipment.status,
    service_code: shipment.service_code,
    service_name: serviceName,
    consignment_number: shipment.consignment_number,
    package_numbers: shipment.package_numbers ?? [],
    // Stored before links were checked, or by hand: only http(s) reaches the shopper's page.
    tracking_url: httpLink(shipment.tracking_url),
    pickup_point: point?.name
      ? { name: point.name, address: point.address ?? "", postal_code: point.postal_code ?? "", city: point.city ?? "" }
      : null,
    booked_at: shipment.booked_at ? iso(shipment.booked_at) : null,
    tracking_events: trackingEvents,
    return_label: toReturnLabel(orderId, shipment),
  }
}

/** The consignment numbers whose events the shopper's order page shows: each booking's own and the return it carries. */
export function shownNumbers(shipments: ShipmentRow[]): string[] {
  return shipments.flatMap((shipment) => followedNumbers(shipment))
}

/**
 * An order's shipments as its shopper reads them: each booking (`toOrderShipment`), and after an
 * outgoing parcel the free return it carries, as a return of its own, once the carrier has sent
 * events for it (until then it is only the parcel's return label). Its status comes from its
 * events; its label stays with the parcel, so it is shown once.
 */
export function toOrderShipments(
  orderId: string,
  shipments: (ShipmentRow & { consignment_number: string; status: OrderShipment["status"] })[],
  events: TrackingEventRow[],
  serviceName: (serviceCode: string) => string
): OrderShipment[] {
  return shipments.flatMap((shipment) => {
    const own = toOrderShipment(orderId, shipment, events, serviceName(shipment.service_code))
    const carried = carriedReturnNumber(shipment)
    const carriedEvents = carried ? events.filter((event) => event.shipment_number === carried) : []
    if (shipment.kind !== "outbound" || !carried || carriedEvents.length === 0) return [own]
    const serviceCode = (shipment.return_shipment as { service_code?: unknown }).service_code
    const returnService = typeof serviceCode === "string" && serviceCode ? serviceCode : shipment.service_code
    const returned = toOrderShipment(
      orderId,
      {
        ...shipment,
        id: `${shipment.id}-return`,
        kind: "return",
        status: statusFromEvents(carriedEvents.map((event) => event.status)),
        service_code: returnService,
        consignment_number: carried,
        package_numbers: [],
        tracking_url: null,
        pickup_point: null,
        return_shipment: null,
      },
      carriedEvents,
      serviceName(returnService)
    )
    return [own, { ...returned, return_label: null }]
  })
}
