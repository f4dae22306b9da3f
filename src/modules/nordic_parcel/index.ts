import { Module } from "@medusajs/framework/utils"
import reportSetupLoader from "./loaders/report-setup"
import validateOptionsLoader from "./loaders/validate-options"
import NordicParcelModuleService from "./service"

export const NORDIC_PARCEL_MODULE = "nordic_parcel"

export default Module(NORDIC_PARCEL_MODULE, {
  service: NordicParcelModuleService,
  loaders: [validateOptionsLoader, reportSetupLoader],
})

export { NordicParcelModuleService }
