import type { Logger } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { CarrierError, type LookupClient } from "../carrier"
import type { Parcel } from "../packing/parcel"
import { isPickupCountry } from "../postal-codes"
import { parcelFits, toPickupPointSnapshot, type PickupPointSnapshot } from "./pickup-point"

type Choice = {
  lookup: LookupClient
  serviceCode: string
  pickupPointId: unknown
  countryCode: string | null | undefined
  parcel: Parcel | undefined
  timeoutMs: number
  logger: Pick<Logger, "warn">
}

export type ChosenPickupPoint =
  | { pickup_point_id: string; pickup_point: PickupPointSnapshot }
  /** The carrier could not be asked: kept unverified, checked again when the order is booked. */
  | { pickup_point_id: string; pickup_point_verified: false }

function invalid(message: string): MedusaError {
  return new MedusaError(MedusaError.Types.INVALID_DATA, message)
}

function describe(d: { length: number; width: number; height: number }): string {
  return `${d.length}×${d.width}×${d.height} cm`
}

/**
 * Checks the shopper's pickup point at the carrier: it must exist in the shipping country and,
 * for a parcel locker, the packed cart must fit it. Refusals are 400s naming the field. A carrier
 * that cannot answer does not block checkout: the id is kept and checked again at booking.
 */
export async function resolvePickupPoint(choice: Choice): Promise<ChosenPickupPoint> {
  const id = typeof choice.pickupPointId === "string" ? choice.pickupPointId.trim() : ""
  if (!id) {
    throw invalid(
      `data.pickup_point_id is required: ${choice.serviceCode} delivers to a pickup point ` +
        `(GET /store/nordic-parcel/pickup-points lists the points near the shipping address)`
    )
  }
  const country = choice.countryCode?.trim().toUpperCase()
  if (!country) {
    throw invalid("shipping_address.country_code is required before a pickup point can be chosen")
  }
  if (!isPickupCountry(country)) {
    throw invalid(`shipping_address.country_code: the carrier has pickup points in NO, DK, SE and FI, not in ${country}`)
  }
  try {
    const point = await choice.lookup.getPickupPointById({ countryCode: country, id }, { timeoutMs: choice.timeoutMs })
    if (!point) {
      throw invalid(`data.pickup_point_id: "${id}" is not a pickup point of the carrier in ${country}`)
    }
    if (choice.parcel && !parcelFits(point, choice.parcel)) {
      const parcel = choice.parcel.dimensions!
      throw invalid(
        `data.pickup_point_id: the parcel (${describe({ length: parcel.lengthCm, width: parcel.widthCm, height: parcel.heightCm })}) ` +
          `does not fit parcel locker "${point.name ?? id}" (at most ${describe(point.maxParcelDimensions!)}); choose another pickup point`
      )
    }
    return { pickup_point_id: id, pickup_point: toPickupPointSnapshot(point, country) }
  } catch (error) {
    if (error instanceof CarrierError && error.kind === "validation") {
      throw invalid(`data.pickup_point_id: "${id}" is not a valid pickup point id (${error.message})`)
    }
    if (error instanceof CarrierError) {
      choice.logger.warn(
        `nordic-parcel: pickup point ${id} could not be checked (${error.kind}${error.code ? ` ${error.code}` : ""}); it is checked again at booking`
      )
      return { pickup_point_id: id, pickup_point_verified: false }
    }
    throw error
  }
}
