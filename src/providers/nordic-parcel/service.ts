import type { CreateShippingOptionDTO, FulfillmentOption, Logger } from "@medusajs/framework/types"
import { AbstractFulfillmentProviderService } from "@medusajs/framework/utils"
import { parseOptions, type NordicParcelOptions } from "../../lib/options"
import { toFulfillmentOption } from "./fulfillment-options"

type InjectedDependencies = {
  logger: Logger
}

/**
 * Fulfillment provider for the Nordic parcel carrier: a thin adapter between Medusa's provider
 * contract and the carrier clients in src/lib/carrier. It holds no state of its own; bookings and
 * tracking are persisted by the plugin's module through workflows.
 */
export class NordicParcelProviderService extends AbstractFulfillmentProviderService {
  static identifier = "nordic-parcel"

  /** Called by Medusa at boot: a bad option stops the store with the option named. */
  static validateOptions(options: Record<string, unknown>): void {
    parseOptions(options)
  }

  protected readonly logger_: Logger
  protected readonly options_: NordicParcelOptions

  constructor({ logger }: InjectedDependencies, options: Record<string, unknown>) {
    super()
    this.logger_ = logger
    this.options_ = parseOptions(options)
  }

  async getFulfillmentOptions(): Promise<FulfillmentOption[]> {
    return this.options_.services.map(toFulfillmentOption)
  }

  /** The payload of the shipping option is at `data.data` (notes §1.2). */
  async canCalculate(data: CreateShippingOptionDTO): Promise<boolean> {
    const serviceCode = (data.data as Record<string, unknown> | undefined)?.service_code
    return typeof serviceCode === "string" && serviceCode.length > 0
  }

  /** Never called by Medusa 2.21 (notes §1.2); kept true as the contract requires. */
  async validateOption(): Promise<boolean> {
    return true
  }
}

export default NordicParcelProviderService
