/*
 * When a cart's address changes, its pickup point follows (pure rule
 * lib/checkout/pickup-point-follow.ts). The carrier is asked first; the cart's lock is held only for
 * the write, after checking the cart did not change meanwhile: no carrier call under a cart's lock.
 */
import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import type { ICartModuleService, ILockingModule } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { CART_SHIPPING_FIELDS } from "../lib/checkout/cart-fields"
import { NEAREST_CANDIDATES, streetOf } from "../lib/checkout/pickup-point-listings"
import { parcelFits } from "../lib/checkout/pickup-point"
import { followAddress, needsFollowing, type PickupMethodData } from "../lib/checkout/pickup-point-follow"
import type { PickupArea } from "../lib/checkout/pickup-point-choice"
import { packParcel, type PackableItem } from "../lib/packing/parcel"
import { isPickupCountry, type PickupCountry } from "../lib/postal-codes"
import { NORDIC_PARCEL_MODULE } from "../modules/nordic_parcel"
import type NordicParcelModuleService from "../modules/nordic_parcel/service"

type CartForFollowing = {
  id: string
  items: PackableItem[]
  shipping_address?: { country_code?: string | null; postal_code?: string | null; address_1?: string | null } | null
  shipping_methods?: { id: string; data?: PickupMethodData | null }[] | null
}

const FIELDS = [...CART_SHIPPING_FIELDS, "shipping_methods.id", "shipping_methods.data"]

/**
 * When the shopper's address moves to another area, the pickup point of the cart's pickup-point
 * method follows it: a point that still serves the new address stays, else the nearest suitable
 * one replaces it (and a method added while the carrier could not be asked gets its point now).
 * Medusa re-prices methods on a cart update but does not re-validate their data, hence this
 * subscriber. It is a subscriber rather than a hook of the update-cart workflow because a
 * workflow hook takes one handler, which belongs to the store.
 *
 * The carrier is asked before the cart's lock is taken (Medusa's cart workflows wait only 2 s for
 * it, and the carrier may take 10 s): the lock (the one Medusa's cart workflows take) is held only
 * for the write, after checking that the cart is still the one the points were chosen for. A cart
 * that changed meanwhile is left alone: its own cart.updated follows. It never fails the shopper's
 * update: a carrier that cannot be asked leaves the point as it was (booking checks it again).
 */
export default async function pickupPointFollowsAddress({ event, container }: SubscriberArgs<{ id: string }>) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  try {
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const load = async () => {
      const { data } = await query.graph({ entity: "cart", fields: FIELDS, filters: { id: event.data.id } })
      return data[0] as unknown as CartForFollowing | undefined
    }
    const cart = await load()
    const area = areaOf(cart)
    if (!cart || !area || !cart.shipping_methods?.some((method) => needsFollowing(method.data, area))) {
      return // the common case (an e-mail, an item): no lock, no carrier call
    }
    const updates = await followingUpdates(container, cart, area)
    if (updates.length === 0) return
    const locking = container.resolve<ILockingModule>(Modules.LOCKING)
    await locking.execute(cart.id, async () => {
      // Chosen for the cart as it was read; if it changed since, its own event chooses again.
      if (JSON.stringify(await load()) !== JSON.stringify(cart)) return
      await container.resolve<ICartModuleService>(Modules.CART).updateShippingMethods(updates)
    }, { timeout: 5 })
  } catch (error) {
    logger.warn(`nordic-parcel: the pickup point of cart ${event.data.id} could not follow its new address: ${(error as Error).message}`)
  }
}

/** The new data of each pickup-point method chosen for another area (asks the carrier; no lock held). */
async function followingUpdates(
  container: SubscriberArgs<unknown>["container"],
  cart: CartForFollowing,
  area: PickupArea
): Promise<{ id: string; data: Record<string, unknown> }[]> {
  const nordicParcel = container.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  const options = await nordicParcel.getEffectiveOptions()
  const parcel = packParcel(cart.items ?? [], options.packaging)
  const updates: { id: string; data: Record<string, unknown> }[] = []
  for (const method of cart.shipping_methods ?? []) {
    if (!method.data || !needsFollowing(method.data, area)) continue
    const points = await nordicParcel.pickupPointListings().list({
      countryCode: area.country_code as PickupCountry, // checked by areaOf
      postalCode: area.postal_code,
      ...streetOf(cart.shipping_address?.address_1),
      numberOfResponses: NEAREST_CANDIDATES,
    })
    const next = followAddress(method.data, area, points.filter((point) => parcelFits(point, parcel)))
    if (next) updates.push({ id: method.id, data: next })
  }
  return updates
}

function areaOf(cart: CartForFollowing | undefined): PickupArea | undefined {
  const country = cart?.shipping_address?.country_code?.trim().toUpperCase()
  const postalCode = cart?.shipping_address?.postal_code?.replace(/\s/g, "")
  return country && postalCode && isPickupCountry(country) ? { country_code: country, postal_code: postalCode } : undefined
}

export const config: SubscriberConfig = {
  event: "cart.updated",
  context: { subscriberId: "nordic-parcel-pickup-point-follows-address" },
}
