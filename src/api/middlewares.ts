import { defineMiddlewares, validateAndTransformBody, validateAndTransformQuery } from "@medusajs/framework/http"
import { carrierErrorHandler } from "./carrier-error-handler"
import {
  AdminCreateBulkBooking,
  AdminCreateCustomerSubscription,
  AdminLabelsQuery,
  AdminTrackingSubscriptionsQuery,
} from "./admin/nordic-parcel/validators"
import { refuseUnsafeText, storeLookupRateLimit } from "./utils/request-guards"
import { StoreDeliveryOptionsQuery, StorePickupPointsQuery } from "./validators"

/** Routes with path parameters, listed so a refusal names the parameter. */
const UNSAFE_TEXT_ROUTES_WITH_PARAMS = [
  "/store/nordic-parcel/postal-codes/:country_code/:postal_code",
  "/admin/nordic-parcel/orders/:id",
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
      // Carrier callbacks are a few hundred bytes: a small limit keeps junk from being parsed.
      matcher: "/hooks/nordic-parcel/events",
      method: ["POST"],
      bodyParser: { sizeLimit: "16kb" },
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
