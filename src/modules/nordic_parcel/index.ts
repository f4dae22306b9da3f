import { Module } from "@medusajs/framework/utils"
import validateOptionsLoader from "./loaders/validate-options"
import NordicParcelModuleService from "./service"

export const NORDIC_PARCEL_MODULE = "nordic_parcel"

export default Module(NORDIC_PARCEL_MODULE, {
  service: NordicParcelModuleService,
  loaders: [validateOptionsLoader],
})

export { NordicParcelModuleService }
