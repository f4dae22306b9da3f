import type { ShippingLookupResponse } from "../carrier"

/** What the carrier calls one service (its lookup's GuiInformation); either part may be missing. */
export type CarrierServiceName = { name: string | null; description: string | null }

function text(value: string | null | undefined): string | null {
  const trimmed = value?.trim()
  return trimmed ? trimmed : null
}

/**
 * The carrier's names of the services in a shipping-lookup answer asked with GuiInformation:
 * DisplayName, else ProductName, else ShortName (carrier notes 9: any of them may be empty), and
 * DescriptionText. A product answered without GuiInformation (not asked for, or refused before the
 * carrier looked it up) says nothing, so it is left out rather than recorded as nameless. Codes the
 * plugin's catalogue does not know are kept: the carrier's name is all the plugin has for them.
 */
export function carrierServiceNames(response: ShippingLookupResponse): Record<string, CarrierServiceName> {
  const names: Record<string, CarrierServiceName> = {}
  for (const consignment of response.consignments) {
    for (const product of consignment.products) {
      const gui = product.guiInformation
      const code = text(product.id)
      if (!gui || !code) continue
      const known = names[code]
      names[code] = {
        name: known?.name ?? text(gui.displayName) ?? text(gui.productName) ?? text(gui.shortName),
        description: known?.description ?? text(gui.descriptionText),
      }
    }
  }
  return names
}
