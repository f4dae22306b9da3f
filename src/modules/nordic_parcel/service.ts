import type { ICachingModuleService } from "@medusajs/framework/types"
import { MedusaService, Modules } from "@medusajs/framework/utils"
import { resolveOptional } from "../../lib/resolve-optional"
import { createCarrierClients, type CarrierClients } from "../../lib/carrier"
import { CheckoutQuoter } from "../../lib/checkout/quoter"
import { parseOptions, type NordicParcelOptions } from "../../lib/options"
import { Shipment } from "./models/shipment"
import { Subscription } from "./models/subscription"
import { TrackingEvent } from "./models/tracking-event"

type ModuleCradle = Record<string, unknown> & {
  logger: { debug(m: string): void; info(m: string): void; warn(m: string): void; error(m: string): void }
}

/**
 * The plugin's data module. Besides its tables it holds the validated plugin options and the
 * carrier clients: Medusa passes plugin options to neither routes, subscribers nor jobs, so they
 * reach the carrier through this module.
 */
class NordicParcelModuleService extends MedusaService({ Shipment, TrackingEvent, Subscription }) {
  protected readonly options_: NordicParcelOptions
  protected readonly cradle_: ModuleCradle
  private carrier_?: CarrierClients
  private quoter_?: CheckoutQuoter

  constructor(cradle: ModuleCradle, options: unknown) {
    // eslint-disable-next-line prefer-rest-params
    super(...arguments)
    this.cradle_ = cradle
    this.options_ = parseOptions(options)
  }

  getOptions(): NordicParcelOptions {
    return this.options_
  }

  /** The carrier clients, built on first use (one keep-alive pool per process). */
  carrier(): CarrierClients {
    this.carrier_ ??= createCarrierClients({
      baseUrl: this.options_.baseUrl,
      apiUid: this.options_.apiUid,
      apiKey: this.options_.apiKey,
      timeoutMs: this.options_.timeouts.requestMs,
      logger: this.cradle_.logger,
    })
    return this.carrier_
  }

  /** Checkout quotes, sharing the process-wide and caching-module caches with the provider. */
  quoter(): CheckoutQuoter {
    const cradle = this.cradle_
    this.quoter_ ??= new CheckoutQuoter({
      lookup: this.carrier().lookup,
      options: this.options_,
      logger: cradle.logger,
      get caching() {
        return resolveOptional<ICachingModuleService>(cradle, Modules.CACHING)
      },
    })
    return this.quoter_
  }

  /** Medusa's caching module when the store has one (several instances then share entries). */
  sharedCache(): ICachingModuleService | undefined {
    return resolveOptional<ICachingModuleService>(this.cradle_, Modules.CACHING)
  }
}

export default NordicParcelModuleService
