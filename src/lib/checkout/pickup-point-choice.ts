/*
 * The pickup point of a shipping method: the shopper's id checked with the carrier, else the nearest
 * suitable point. Called once in the provider (`pickupPointFor`, for `validateFulfillmentData` and
 * `createFulfillment`).
 */
import type { Logger } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { CarrierError, type LookupClient } from "../carrier"
import { isUnsafeText, UNSAFE_TEXT_RULE } from "../unsafe-text"
import type { Parcel } from "../packing/parcel"
import { isPickupCountry, type PickupCountry } from "../postal-codes"
import { parcelFits, toPickupPointSnapshot, type PickupPointSnapshot } from "./pickup-point"
import { NEAREST_CANDIDATES, nearestFitting, streetOf, type PickupPointListings } from "./pickup-point-listings"

/** The part of a shipping address a pickup point is chosen for. */
export type PickupAddress = {
  country_code?: string | null
  postal_code?: string | null
  address_1?: string | null
} | null | undefined

type Choice = {
  lookup: LookupClient
  listings: PickupPointListings
  serviceCode: string
  /** The shopper's choice; absent: the nearest suitable point for the address is chosen. */
  pickupPointId: unknown
  address: PickupAddress
  parcel: Parcel | undefined
  timeoutMs: number
  logger: Pick<Logger, "warn">
}

/** The address a point was chosen for: when the shopper moves to another area it is chosen again. */
export type PickupArea = { country_code: string; postal_code: string }

export type ChosenPickupPoint =
  | {
      pickup_point_id: string
      pickup_point: PickupPointSnapshot
      /** "shopper": the storefront sent the id; "nearest": chosen for the address. */
      pickup_point_chosen_by: "shopper" | "nearest"
      pickup_point_area: PickupArea
    }
  /** The carrier could not be asked: kept unverified, checked again when the order is booked. */
  | { pickup_point_id: string; pickup_point_verified: false; pickup_point_chosen_by: "shopper" }
  /** No id was sent and the carrier could not be asked: the nearest point is chosen later. */
  | { pickup_point_pending: true }

/** Pickup-point ids are short carrier codes; anything longer is not one. */
const MAX_ID_LENGTH = 64

function invalid(message: string): MedusaError {
  return new MedusaError(MedusaError.Types.INVALID_DATA, message)
}

function describe(d: { length: number; width: number; height: number }): string {
  return `${d.length}×${d.width}×${d.height} cm`
}

function pickupCountry(address: PickupAddress): PickupCountry {
  const country = address?.country_code?.trim().toUpperCase()
  if (!country) {
    throw invalid("shipping_address.country_code is required before a pickup point can be chosen")
  }
  if (!isPickupCountry(country)) {
    throw invalid(`shipping_address.country_code: the carrier has pickup points in NO, DK, SE and FI, not in ${country}`)
  }
  return country
}

function areaOf(address: PickupAddress, country: string): PickupArea {
  return { country_code: country, postal_code: address?.postal_code?.replace(/\s/g, "") ?? "" }
}

/** The shopper's id as sent, refused with a 400 naming the field when it cannot be one. */
export function pickupPointIdOf(value: unknown): string | undefined {
  if (value === undefined || value === null || value === "") {
    return undefined
  }
  if (typeof value !== "string") {
    throw invalid("data.pickup_point_id must be a string")
  }
  if (isUnsafeText(value)) {
    throw invalid(`data.pickup_point_id ${UNSAFE_TEXT_RULE}`)
  }
  const id = value.trim()
  if (id.length > MAX_ID_LENGTH) {
    throw invalid(`data.pickup_point_id must be at most ${MAX_ID_LENGTH} characters`)
  }
  return id || undefined
}

/**
 * The pickup point of a shipping method. With an id, the shopper's choice is checked at the
 * carrier: it must exist in the shipping country and, for a parcel locker, the packed cart must
 * fit it. Without one (storefronts that send only `option_id`), the nearest suitable point for the
 * shipping address is chosen. Refusals are 400s naming the field. A carrier that cannot answer
 * does not block checkout: the id is kept (checked again at booking), or the choice is left
 * pending (made at the next address change or at booking).
 */
export async function resolvePickupPoint(choice: Choice): Promise<ChosenPickupPoint> {
  const id = pickupPointIdOf(choice.pickupPointId)
  const country = pickupCountry(choice.address)
  if (!id) {
    return nearestPickupPoint(choice, country)
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
    return {
      pickup_point_id: id,
      pickup_point: toPickupPointSnapshot(point, country),
      pickup_point_chosen_by: "shopper",
      pickup_point_area: areaOf(choice.address, country),
    }
  } catch (error) {
    if (error instanceof CarrierError && error.kind === "validation") {
      throw invalid(`data.pickup_point_id: "${id}" is not a valid pickup point id (${error.message})`)
    }
    if (error instanceof CarrierError) {
      choice.logger.warn(
        `nordic-parcel: pickup point ${id} could not be checked (${error.kind}${error.code ? ` ${error.code}` : ""}); it is checked again at booking`
      )
      return { pickup_point_id: id, pickup_point_verified: false, pickup_point_chosen_by: "shopper" }
    }
    throw error
  }
}

/** The first point of the carrier's answer for the address that the parcel fits. */
async function nearestPickupPoint(choice: Choice, country: PickupCountry): Promise<ChosenPickupPoint> {
  const area = areaOf(choice.address, country)
  if (!area.postal_code) {
    throw invalid("shipping_address.postal_code is required before a pickup point can be chosen")
  }
  try {
    const points = await choice.listings.list(
      { countryCode: country, postalCode: area.postal_code, ...streetOf(choice.address?.address_1), numberOfResponses: NEAREST_CANDIDATES },
      { timeoutMs: choice.timeoutMs }
    )
    const nearest = nearestFitting(points, choice.parcel)
    if (!nearest) {
      throw invalid(
        `data.pickup_point_id: the carrier has no pickup point near postal code ${area.postal_code} that fits the parcel; choose another delivery option`
      )
    }
    return {
      pickup_point_id: nearest.id,
      pickup_point: toPickupPointSnapshot(nearest, country),
      pickup_point_chosen_by: "nearest",
      pickup_point_area: area,
    }
  } catch (error) {
    if (error instanceof CarrierError && error.kind === "validation") {
      throw invalid(`shipping_address.postal_code: the carrier refused it for a pickup-point search (${error.message})`)
    }
    if (error instanceof CarrierError) {
      choice.logger.warn(
        `nordic-parcel: no pickup point could be chosen near ${area.postal_code} (${error.kind}${error.code ? ` ${error.code}` : ""}); it is chosen at the next address change or at booking`
      )
      return { pickup_point_pending: true }
    }
    throw error
  }
}
