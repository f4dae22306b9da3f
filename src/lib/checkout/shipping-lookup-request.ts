import type { ShippingLookupRequest } from "../carrier"
import type { Parcel } from "../packing/parcel"
import { notQuotable, type QuoteInput } from "./quote-input"

/**
 * One shipping-lookup request for all services of a quote. Additional services and packages
 * belong to the consignment, not the product, so services with different additional services or
 * a different packing (per-package limits differ by service) go into separate consignments of the
 * same request: still one HTTP call. A service the cart does not fit, or whose measurement rule it
 * cannot meet, is not asked for: the carrier would refuse the whole lookup for it.
 */
export function toShippingLookupRequest(input: QuoteInput): ShippingLookupRequest {
  const groups = new Map<string, { services: QuoteInput["services"]; packages: ReturnType<typeof lookupPackage>[] }>()
  for (const service of input.services.filter((s) => !notQuotable(s))) {
    const packages = (service.packages ?? [input.parcel]).map(lookupPackage)
    const key = `${service.additionalServices.join(",")}|${JSON.stringify(packages)}`
    const group = groups.get(key) ?? { services: [], packages }
    group.services.push(service)
    groups.set(key, group)
  }
  return {
    consignments: [...groups.values()].map(({ services, packages }, index) => ({
      id: index + 1,
      products: services.map((s) => ({ id: s.code, ...(s.customerNumber ? { customerNumber: s.customerNumber } : {}) })),
      packages,
      fromCountryCode: input.from.countryCode,
      fromPostalCode: input.from.postalCode,
      toCountryCode: input.to.countryCode,
      toPostalCode: input.to.postalCode,
      ...(services[0].additionalServices.length ? { additionalServices: services[0].additionalServices } : {}),
      shippingDate: input.shippingDate,
      ...(input.pickupPoints?.length ? { pickupPoints: input.pickupPoints.map((id) => ({ id })) } : {}),
    })),
    withPrice: true,
    withExpectedDelivery: true,
    withGuiInformation: true,
    edi: true,
    // Sent only when they ask for something, so a plain price lookup stays as it was.
    ...(input.alternativeDeliveryDates > 0 ? { numberOfAlternativeDeliveryDates: input.alternativeDeliveryDates } : {}),
    ...(input.postingAtPostOffice ? { postingAtPostOffice: true } : {}),
    ...(input.pickupPoints?.length ? { withEstimatedDeliveryTime: true } : {}),
  }
}

function lookupPackage(parcel: Parcel, index: number) {
  return {
    id: index + 1,
    grossWeight: parcel.weightGrams,
    ...(parcel.dimensions
      ? { length: parcel.dimensions.lengthCm, width: parcel.dimensions.widthCm, height: parcel.dimensions.heightCm }
      : {}),
    ...(parcel.volumeDm3 ? { volumeInDm3: parcel.volumeDm3 } : {}),
  }
}
