import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import FlatRateFulfillmentService from "./service"

export default ModuleProvider(Modules.FULFILLMENT, { services: [FlatRateFulfillmentService] })
