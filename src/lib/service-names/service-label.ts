/*
 * A service's name by precedence: the merchant's, the carrier's (carrier-names.ts, cached by
 * carrier-name-cache.ts), the catalogue's, the code; shown as "name · code". The module's one
 * `serviceLabels(codes, query, options?)` (learn the missing names, read them, apply the merchant's)
 * gives every admin route its labels.
 */
import { serviceInfo, SERVICE_CATALOGUE } from "../service-catalogue"
import type { CarrierServiceName } from "./carrier-names"

/** A service as the admin and the fulfillment options show it. */
export type ServiceLabel = {
  code: string
  /** The merchant's name, else the carrier's display name, else the plugin's catalogue name, else the code. */
  name: string
  /** The carrier's description text, when it gave one. */
  description: string | null
  /** Whose name it is. */
  source: "merchant" | "carrier" | "catalogue" | "code"
  /** The name with the code second, e.g. "Pickup point parcel · SERVICEPAKKE"; the bare code when that is all there is. */
  label: string
}

/**
 * One service's name by precedence: the merchant's own (options or admin settings) over the
 * carrier's display name over the static catalogue over the code. Blank names do not count.
 */
export function serviceLabel(
  code: string,
  { merchantName, carrier }: { merchantName?: string | null; carrier?: CarrierServiceName | null } = {}
): ServiceLabel {
  const merchant = merchantName?.trim()
  const carrierName = carrier?.name?.trim()
  const catalogue = SERVICE_CATALOGUE[code] ? serviceInfo(code).name : undefined
  const [name, source]: [string, ServiceLabel["source"]] = merchant
    ? [merchant, "merchant"]
    : carrierName
      ? [carrierName, "carrier"]
      : catalogue
        ? [catalogue, "catalogue"]
        : [code, "code"]
  return {
    code,
    name,
    description: carrier?.description?.trim() || null,
    source,
    label: withCode(name, code),
  }
}

/** "name · code", or the code alone when the name is the code. */
export function withCode(name: string, code: string): string {
  return name === code ? code : `${name} · ${code}`
}

/**
 * Each code's label by precedence, the merchant's names taken from the options in force.
 * `carrierName` reads what the carrier said (nothing when it has not been asked or did not answer).
 */
export function serviceLabels(
  codes: Iterable<string>,
  merchantNames: readonly { code: string; name?: string | null }[],
  carrierName: (code: string) => CarrierServiceName | undefined
): Record<string, ServiceLabel> {
  const labels: Record<string, ServiceLabel> = {}
  for (const code of codes) {
    const merchantName = merchantNames.find((service) => service.code === code)?.name
    labels[code] = serviceLabel(code, { merchantName, carrier: carrierName(code) })
  }
  return labels
}
