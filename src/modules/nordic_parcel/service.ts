import { MedusaService } from "@medusajs/framework/utils"
import { parseOptions, type NordicParcelOptions } from "../../lib/options"
import { Shipment } from "./models/shipment"
import { Subscription } from "./models/subscription"
import { TrackingEvent } from "./models/tracking-event"

/**
 * The plugin's data module. Besides its tables it holds the validated plugin options: Medusa does
 * not pass plugin options to routes, subscribers or jobs, so they read them from here.
 */
class NordicParcelModuleService extends MedusaService({ Shipment, TrackingEvent, Subscription }) {
  protected readonly options_: NordicParcelOptions

  constructor(container: Record<string, unknown>, options: unknown) {
    // eslint-disable-next-line prefer-rest-params
    super(...arguments)
    this.options_ = parseOptions(options)
  }

  getOptions(): NordicParcelOptions {
    return this.options_
  }
}

export default NordicParcelModuleService
