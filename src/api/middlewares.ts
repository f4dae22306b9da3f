import { defineMiddlewares, validateAndTransformBody, validateAndTransformQuery } from "@medusajs/framework/http"
import { AdminCreateCustomerSubscription, AdminTrackingSubscriptionsQuery } from "./admin/nordic-parcel/validators"
import { StoreDeliveryOptionsQuery, StorePickupPointsQuery } from "./validators"

export default defineMiddlewares({
  routes: [
    {
      // Carrier callbacks are a few hundred bytes: a small limit keeps junk from being parsed.
      matcher: "/hooks/nordic-parcel/events",
      method: ["POST"],
      bodyParser: { sizeLimit: "16kb" },
    },
    {
      matcher: "/store/nordic-parcel/pickup-points",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(StorePickupPointsQuery, {})],
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
      matcher: "/admin/nordic-parcel/tracking-subscriptions",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(AdminTrackingSubscriptionsQuery, {})],
    },
  ],
})
