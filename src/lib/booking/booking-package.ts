import type { BookingPackage } from "../carrier"
import { packParcel } from "../packing/parcel"
import { serviceInfo } from "../service-catalogue"
import type { BookingInput, BookingProblem } from "./booking-input"
import { shortenDescription } from "./field-limits"

/**
 * The fulfillment's items as one package (booking.md "Package"): the plugin packs a fulfillment
 * into one parcel, which is also what mailbox services require (rule 6: exactly one package).
 */
export function bookingPackage(input: BookingInput, problems: BookingProblem[]): BookingPackage {
  const parcel = packParcel(input.items, input.packaging)
  const { code } = input.service
  if (serviceInfo(code).cargo && !parcel.dimensions) {
    problems.push({
      field: "items.variant.length",
      message:
        `items: cargo service ${code} needs the parcel's dimensions (booking.md rule 1); ` +
        "set length, width and height on every variant, or packaging.defaultItemDimensions in the plugin options",
    })
  }
  const titles = [...new Set(input.items.map((item) => item.title.trim()).filter(Boolean))]
  return {
    correlationId: `${input.fulfillmentId}-1`,
    // Packing gives whole grams, so this is exact to the gram.
    weightInKg: parcel.weightGrams / 1000,
    ...(parcel.dimensions
      ? {
          dimensions: {
            lengthInCm: parcel.dimensions.lengthCm,
            widthInCm: parcel.dimensions.widthCm,
            heightInCm: parcel.dimensions.heightCm,
          },
        }
      : {}),
    ...(titles.length > 0 ? { goodsDescription: shortenDescription(titles.join(", ")) } : {}),
    numberOfItems: input.items.reduce((sum, item) => sum + item.quantity, 0),
  }
}
