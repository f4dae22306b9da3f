import { AbstractFulfillmentProviderService } from "@medusajs/framework/utils"

/**
 * The checkout benchmark's baseline: Medusa's manual provider with the one thing it lacks, a
 * calculated price (a constant, no I/O), so that POST /store/shipping-options/:id/calculate runs
 * Medusa's whole calculate workflow for it, as for the carrier's options. Medusa's own manual
 * provider refuses calculated prices ("Manual fulfillment does not support price calculation").
 */
class FlatRateFulfillmentService extends AbstractFulfillmentProviderService {
  static identifier = "flat-rate"

  async getFulfillmentOptions() {
    return [{ id: "flat-rate" }]
  }

  async validateFulfillmentData(_optionData: Record<string, unknown>, data: Record<string, unknown>) {
    return data
  }

  async validateOption() {
    return true
  }

  async canCalculate() {
    return true
  }

  async calculatePrice() {
    return { calculated_amount: 99, is_calculated_price_tax_inclusive: true }
  }

  async createFulfillment() {
    return { data: {}, labels: [] }
  }

  async cancelFulfillment() {
    return {}
  }

  async createReturnFulfillment() {
    return { data: {}, labels: [] }
  }
}

export default FlatRateFulfillmentService
