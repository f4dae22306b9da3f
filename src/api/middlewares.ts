import { defineMiddlewares, validateAndTransformQuery } from "@medusajs/framework/http"
import { StoreDeliveryOptionsQuery, StorePickupPointsQuery } from "./validators"

export default defineMiddlewares({
  routes: [
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
  ],
})
