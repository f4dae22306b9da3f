/*
 * Everything the plugin's routes share before their handler: request guards
 * (api/utils/request-guards.ts: unsafe text, lib/input/unsafe-text.ts; per-client token buckets,
 * lib/rate-limit/token-buckets.ts, keyed by lib/rate-limit/client-key.ts), the webhook's 16 kB body
 * limit (api/utils/body-size-limit.ts), Medusa's optional customer authentication on the shopper's
 * order routes, and the carrier error handler (api/carrier-error-handler.ts).
 */
import { authenticate, defineMiddlewares, validateAndTransformBody, validateAndTransformQuery } from "@medusajs/framework/http"
import { carrierErrorHandler } from "./carrier-error-handler"
import {
  AdminChangeOrderDeliveryDate,
  AdminChangeOrderPickupPoint,
  AdminCreateBulkBooking,
  AdminCreateCustomerSubscription,
  AdminLabelsQuery,
  AdminOrderPickup,
  AdminOrderPickupPointsQuery,
  AdminPickupOrdersQuery,
  AdminTrackingSubscriptionsQuery,
} from "./admin/nordic-parcel/validators"
import { refuseBodiesOver } from "./utils/body-size-limit"
import { refuseUnsafeText, storeLookupRateLimit, whenHeader } from "./utils/request-guards"
import { chargeListedReturnPrice } from "./utils/store-return-price"
import { ORDER_EMAIL_HEADER } from "../lib/shopper/order-access"
import {
  StoreCreateReturnBody,
  StoreDeliveryOptionsQuery,
  StoreOrderAccessBody,
  StorePickupPointsQuery,
  StoreReturnOptionsBody,
} from "./validators"

/** Routes with path parameters, listed so a refusal names the parameter. */
const UNSAFE_TEXT_ROUTES_WITH_PARAMS = [
  "/store/nordic-parcel/postal-codes/:country_code/:postal_code",
  "/store/nordic-parcel/orders/:id/shipments",
  "/store/nordic-parcel/orders/:id/access",
  "/store/nordic-parcel/orders/:id/return-options",
  "/store/nordic-parcel/orders/:id/returns",
  "/store/nordic-parcel/orders/:id/shipments/:shipment_id/return-label",
  "/store/nordic-parcel/orders/:id/shipments/:shipment_id/return-qr-codes/:index",
  "/admin/nordic-parcel/orders/:id",
  "/admin/nordic-parcel/orders/:id/pickup-point",
  "/admin/nordic-parcel/orders/:id/delivery-date",
  "/admin/nordic-parcel/orders/:id/pickup-points",
  "/admin/nordic-parcel/fulfillments/:id",
  "/admin/nordic-parcel/fulfillments/:id/label",
  "/admin/nordic-parcel/shipments/:id/rebook",
  "/admin/nordic-parcel/subscriptions/:id/test",
  "/admin/nordic-parcel/customer-subscriptions/:id",
  "/admin/nordic-parcel/customer-subscriptions/:id/renew",
  "/admin/nordic-parcel/tracking-subscriptions/:id",
  "/admin/nordic-parcel/bulk-bookings/:id",
  "/admin/nordic-parcel/bulk-bookings/:id/retry",
  "/admin/nordic-parcel/bulk-bookings/:id/labels",
]

export default defineMiddlewares({
  errorHandler: carrierErrorHandler,
  routes: [
    {
      // Carrier callbacks are a few hundred bytes: anything over 16 kB is junk.
      matcher: "/hooks/nordic-parcel/events",
      method: ["POST"],
      middlewares: [refuseBodiesOver(16 * 1024)],
    },
    // Every plugin route: text the carrier or the database cannot take is a 400 naming the field.
    ...[...UNSAFE_TEXT_ROUTES_WITH_PARAMS, "/store/nordic-parcel*", "/admin/nordic-parcel*"].map((matcher) => ({
      matcher,
      middlewares: [refuseUnsafeText],
    })),
    {
      matcher: "/store/nordic-parcel/pickup-points",
      method: ["GET"],
      middlewares: [storeLookupRateLimit("pickup-point"), validateAndTransformQuery(StorePickupPointsQuery, {})],
    },
    {
      matcher: "/store/nordic-parcel/postal-codes/*",
      method: ["GET"],
      middlewares: [storeLookupRateLimit("postal-code")],
    },
    {
      // The order's shopper: a signed-in customer is recognised (and limited to their own orders);
      // a guest needs a second factor besides the order's id (lib/shopper/order-access.ts).
      // A request that offers the order's e-mail counts against the per-client limit, so e-mails
      // cannot be tried in bulk.
      matcher: "/store/nordic-parcel/orders/*",
      method: ["GET", "POST"],
      middlewares: [
        authenticate("customer", ["session", "bearer"], { allowUnauthenticated: true }),
        whenHeader(ORDER_EMAIL_HEADER, storeLookupRateLimit("order-access")),
      ],
    },
    {
      matcher: "/store/nordic-parcel/orders/:id/access",
      method: ["POST"],
      middlewares: [storeLookupRateLimit("order-access"), validateAndTransformBody(StoreOrderAccessBody)],
    },
    {
      // Each asks the carrier for a price: the lookups' per-client limit applies.
      matcher: "/store/nordic-parcel/orders/:id/return-options",
      method: ["POST"],
      middlewares: [storeLookupRateLimit("return-option"), validateAndTransformBody(StoreReturnOptionsBody)],
    },
    {
      matcher: "/store/nordic-parcel/orders/:id/returns",
      method: ["POST"],
      middlewares: [storeLookupRateLimit("return-option"), validateAndTransformBody(StoreCreateReturnBody)],
    },
    {
      // Medusa's own store return: a carrier return option is charged the listed price (point 3 of
      // the return policy); another price is refused.
      matcher: "/store/returns",
      method: ["POST"],
      middlewares: [chargeListedReturnPrice],
    },
    {
      // Each document is fetched from the carrier: the lookups' per-client limit applies.
      matcher: "/store/nordic-parcel/orders/:id/shipments/:shipment_id/*",
      method: ["GET"],
      middlewares: [storeLookupRateLimit("return-document")],
    },
    {
      matcher: "/store/nordic-parcel/delivery-options",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(StoreDeliveryOptionsQuery, {})],
    },
    {
      matcher: "/admin/nordic-parcel/customer-subscriptions",
      method: ["POST"],
      middlewares: [validateAndTransformBody(AdminCreateCustomerSubscription)],
    },
    {
      matcher: "/admin/nordic-parcel/bulk-bookings",
      method: ["POST"],
      middlewares: [validateAndTransformBody(AdminCreateBulkBooking)],
    },
    {
      matcher: "/admin/nordic-parcel/pickup-orders",
      method: ["POST"],
      middlewares: [validateAndTransformBody(AdminOrderPickup)],
    },
    {
      matcher: "/admin/nordic-parcel/pickup-orders",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(AdminPickupOrdersQuery, {})],
    },
    {
      matcher: "/admin/nordic-parcel/orders/:id/pickup-point",
      method: ["POST"],
      middlewares: [validateAndTransformBody(AdminChangeOrderPickupPoint)],
    },
    {
      matcher: "/admin/nordic-parcel/orders/:id/delivery-date",
      method: ["POST"],
      middlewares: [validateAndTransformBody(AdminChangeOrderDeliveryDate)],
    },
    {
      matcher: "/admin/nordic-parcel/orders/:id/pickup-points",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(AdminOrderPickupPointsQuery, {})],
    },
    {
      matcher: "/admin/nordic-parcel/labels",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(AdminLabelsQuery, {})],
    },
    {
      matcher: "/admin/nordic-parcel/tracking-subscriptions",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(AdminTrackingSubscriptionsQuery, {})],
    },
  ],
})
