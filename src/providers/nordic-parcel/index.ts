import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import { NordicParcelProviderService } from "./service"

export default ModuleProvider(Modules.FULFILLMENT, {
  services: [NordicParcelProviderService],
})
