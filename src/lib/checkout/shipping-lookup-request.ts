import type { ShippingLookupRequest } from "../carrier"
import type { QuoteInput } from "./quote-input"

/**
 * One shipping-lookup request for all services of a quote. Additional services belong to the
 * consignment, not the product, so services with different additional services go into separate
 * consignments of the same request: still one HTTP call.
 */
export function toShippingLookupRequest(input: QuoteInput): ShippingLookupRequest {
  const groups = new Map<string, QuoteInput["services"]>()
  for (const service of input.services) {
    const key = service.additionalServices.join(",")
    groups.set(key, [...(groups.get(key) ?? []), service])
  }
  const { parcel } = input
  const pkg = {
    id: 1,
    grossWeight: parcel.weightGrams,
    ...(parcel.dimensions
      ? { length: parcel.dimensions.lengthCm, width: parcel.dimensions.widthCm, height: parcel.dimensions.heightCm }
      : {}),
    ...(parcel.volumeDm3 ? { volumeInDm3: parcel.volumeDm3 } : {}),
  }
  return {
    consignments: [...groups.values()].map((services, index) => ({
      id: index + 1,
      products: services.map((s) => ({ id: s.code, ...(s.customerNumber ? { customerNumber: s.customerNumber } : {}) })),
      packages: [pkg],
      fromCountryCode: input.from.countryCode,
      fromPostalCode: input.from.postalCode,
      toCountryCode: input.to.countryCode,
      toPostalCode: input.to.postalCode,
      ...(services[0].additionalServices.length ? { additionalServices: services[0].additionalServices } : {}),
      shippingDate: input.shippingDate,
    })),
    withPrice: true,
    withExpectedDelivery: true,
    withGuiInformation: true,
    edi: true,
  }
}
