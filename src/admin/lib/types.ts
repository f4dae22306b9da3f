import type { AdminShipment } from "../../lib/admin-views/admin-shipment"
import type { PlannedShipment } from "../../lib/admin-views/planned-shipment"
import type { StorePickupPoint } from "../../lib/checkout/pickup-point"

/** Shapes of the plugin's admin routes, shared with the backend that answers them (type-only). */
export type { AdminShipment, AdminTrackingEvent as TrackingEvent } from "../../lib/admin-views/admin-shipment"
/** What the shopper chose at checkout (GET /admin/nordic-parcel/orders/:id `shipping_methods`). */
export type { PlannedShipment } from "../../lib/admin-views/planned-shipment"

/** The pickup point of a shipment or a shipping method. */
export type PickupPoint = NonNullable<PlannedShipment["pickup_point"]>

export type OrderCarrierView = { shipping_methods: PlannedShipment[]; shipments: AdminShipment[] }

/** GET /admin/nordic-parcel/orders/:id/pickup-points: the points the merchant may choose. */
export type OrderPickupPoints = { pickup_points: StorePickupPoint[] }
