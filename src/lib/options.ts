import { MedusaError } from "@medusajs/framework/utils"
import { z } from "@medusajs/framework/zod"
import { natureOfTransactionValues } from "./carrier/schemas/booking"
import { trackingEventNames } from "./carrier/schemas/events"
import { serviceInfo } from "./service-catalogue"
import { describeIssues } from "./validation-issues"

/**
 * The one options object shared by the plugin (its module, routes, jobs) and the fulfillment
 * provider. It is validated once at boot by both entry points so that a
 * bad value stops the store with a message naming the option, instead of failing at checkout.
 */

/** The carrier's priceAdjustments syntax: `[<code>_][p|m]factor[p]`. */
export const PRICE_ADJUSTMENT_PATTERN =
  /^((\w*_)?(p|m|)\d*(\.\d|)|(\w*_)?(p|m)\d*(\.\d|)p)$/

/** The groups that move a Medusa fulfillment (shipped, delivered) or are shown to the merchant. */
export const DEFAULT_EVENT_GROUPS = [
  "HANDED_IN",
  "IN_TRANSIT",
  "TRANSPORT_TO_RECIPIENT",
  "READY_FOR_PICKUP",
  "DELIVERED",
  "RETURN",
  "DELIVERED_SENDER",
] as const

/**
 * The rule of each merchant-facing value, defined once: the options schema below adds its defaults,
 * and the admin settings (src/lib/settings) reuse the same rules, so a value refused in
 * medusa-config is refused in the admin with the same message.
 */
export const optionRules = {
  serviceCode: z.string().min(1).max(35),
  customerNumber: z.string().min(1).max(35),
  serviceName: z.string().min(1),
  priceSource: z.enum(["net", "list"]),
  /** Amounts in major units. */
  money: z.number().nonnegative(),
  markup: z
    .string()
    .min(1)
    .regex(PRICE_ADJUSTMENT_PATTERN, "must be in the carrier's priceAdjustments syntax, e.g. p10p or m20"),
  additionalServices: z.array(z.string().min(1)),
  weightUnit: z.enum(["g", "kg", "lb", "oz"]),
  dimensionUnit: z.enum(["mm", "cm", "m", "in"]),
  weight: z.number().nonnegative(),
  dimensions: z.object({
    length: z.number().positive(),
    width: z.number().positive(),
    height: z.number().positive(),
  }),
  natureOfTransaction: z.enum(natureOfTransactionValues),
  iossNumber: z.string().regex(/^IM\d{10}$/, "must be IM followed by 10 digits"),
  vatOnEcommerce: z.string().regex(/^\d{7}$/, "must be 7 digits"),
  /** The account cash-on-delivery amounts are paid into (the carrier's accountNumber, at most 35 characters). */
  codAccountNumber: z.string().trim().min(1).max(35),
  eventGroups: z.array(z.enum(trackingEventNames)).min(1),
  /** Local time (Europe/Oslo, 24 h) after which an order ships the next working day. */
  cutOffTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a time of day as HH:mm, e.g. 14:00"),
  /** Working days between the order (before the cut-off) and handing the parcel to the carrier. */
  leadTimeDays: z.number().int("must be a whole number of working days").min(0).max(30),
}

export const ServiceOptionsSchema = z.object({
  /** Carrier service code, e.g. SERVICEPAKKE, PA_DOREN, 3584, 9300. */
  code: optionRules.serviceCode,
  /**
   * Whether shoppers are offered the service. A switched-off service keeps its settings (orders
   * placed with it are still booked with them) but is no longer listed, quoted or priced.
   */
  offered: z.boolean().default(true),
  /** Name shown to shoppers and in the admin; defaults to the carrier's display name or the code. */
  name: optionRules.serviceName.optional(),
  /** Agreement (net) price or list price; net needs a customer number the credentials may use. */
  priceSource: optionRules.priceSource.default("net"),
  /** Price (major units) used when the carrier is slow, failing or offers nothing for the parcel. */
  fallbackPrice: optionRules.money.optional(),
  /** Local markup in the carrier's priceAdjustments syntax, e.g. "p10p" (+10 %) or "m20" (-20). */
  markup: optionRules.markup.optional(),
  /** Cart subtotal (major units) from which this service is free. */
  freeShippingThreshold: optionRules.money.optional(),
  /** Whether the shopper must choose a pickup point; defaults from the service code. */
  requiresPickupPoint: z.boolean().optional(),
  /** A return service (booked by createReturnFulfillment). */
  isReturn: z.boolean().default(false),
  /** Return service booked together with the outgoing shipment (free return), e.g. 9300. */
  returnService: optionRules.serviceCode.optional(),
  /** Ask for QR codes on return labels where the carrier allows it. */
  qrCodes: z.boolean().default(false),
  /** Additional services switched on for this service (EVARSLING, SIMPLE_DELIVERY, 1081, ...). */
  additionalServices: optionRules.additionalServices.default([]),
  /** Customer number for this service when it differs from the default one. */
  customerNumber: optionRules.customerNumber.optional(),
})

export const NordicParcelOptionsSchema = z.object({
  baseUrl: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }),
  apiUid: z.string().min(1, "is required"),
  apiKey: z.string().min(1, "is required"),
  customerNumber: optionRules.customerNumber.optional(),
  testMode: z.boolean().default(false),
  pricesIncludeVat: z.boolean().default(true),
  /**
   * The merchant's account for cash on delivery (POSTOPPKRAV): the carrier collects the order's
   * total from the recipient and pays it into this account. Required to book with POSTOPPKRAV.
   */
  codAccountNumber: optionRules.codAccountNumber.optional(),
  services: z
    .array(ServiceOptionsSchema)
    .default([
      { code: "SERVICEPAKKE", offered: true, priceSource: "net", isReturn: false, qrCodes: false, additionalServices: ["EVARSLING"] },
      { code: "PA_DOREN", offered: true, priceSource: "net", isReturn: false, qrCodes: false, additionalServices: ["EVARSLING"] },
      { code: "3584", offered: true, priceSource: "net", isReturn: false, qrCodes: false, additionalServices: [] },
      { code: "9300", offered: true, priceSource: "net", isReturn: true, qrCodes: true, additionalServices: [] },
    ]),
  timeouts: z
    .object({
      /** Time budget of a checkout quote; past it the fallback price is used. */
      quoteMs: z.number().int().positive().default(2500),
      /** Time-out of every other carrier call. */
      requestMs: z.number().int().positive().default(10000),
    })
    .prefault({}),
  cache: z
    .object({
      quoteTtlSeconds: z.number().int().nonnegative().default(300),
      pickupPointTtlSeconds: z.number().int().nonnegative().default(3600),
      /** Pickup-point listings kept in memory per instance: at most this many ... */
      pickupPointMaxEntries: z.number().int().positive().default(2000),
      /** ... and at most this many bytes (their JSON size) together. */
      pickupPointMaxBytes: z.number().int().positive().default(16 * 1024 * 1024),
    })
    .prefault({}),
  /** When the shop hands parcels to the carrier: moves the shipping date sent in every price lookup. */
  delivery: z
    .object({
      cutOffTime: optionRules.cutOffTime.optional(),
      leadTimeDays: optionRules.leadTimeDays.default(0),
    })
    .prefault({}),
  /**
   * Per-client token bucket of the public pickup-point and postal-code routes (each client, by IP,
   * may burst `burst` requests, then `perMinute`), so a flood cannot push the carrier into
   * throttling every shopper. Over it: 429 with Retry-After.
   */
  storeRateLimit: z
    .object({
      enabled: z.boolean().default(true),
      burst: z.number().int().positive().default(30),
      perMinute: z.number().positive().default(60),
    })
    .prefault({}),
  packaging: z
    .object({
      /** Unit of variant.weight in this store. */
      weightUnit: optionRules.weightUnit.default("g"),
      /** Unit of variant.length/width/height in this store. */
      dimensionUnit: optionRules.dimensionUnit.default("cm"),
      /** Weight (weightUnit) assumed for a variant without one. */
      defaultItemWeight: optionRules.weight.default(500),
      /** Dimensions (dimensionUnit) assumed for a variant without them; none means "unknown". */
      defaultItemDimensions: optionRules.dimensions.optional(),
      /** Weight (weightUnit) of the packaging added to every package. */
      packagingWeight: optionRules.weight.default(0),
    })
    .prefault({}),
  customs: z
    .object({
      /** Nature of the export transactions (customs export). */
      natureOfTransaction: optionRules.natureOfTransaction.default("SALE_OF_GOODS"),
      /** EU IOSS number for exports: IM followed by 10 digits. */
      iossNumber: optionRules.iossNumber.optional(),
      /** Norwegian VOEC number (7 digits): with it, imports to Norway carry a customs declaration. */
      vatOnEcommerce: optionRules.vatOnEcommerce.optional(),
    })
    .prefault({}),
  webhooks: z
    .object({
      /** Public URL of the store; callbacks go to <publicUrl>/hooks/nordic-parcel/events. */
      publicUrl: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
      /** Shared secret the carrier sends back in `headerName` with every callback. */
      secret: z.string().min(16, "must be at least 16 characters").optional(),
      headerName: z.string().min(1).default("X-Nordic-Parcel-Secret"),
      eventGroups: optionRules.eventGroups.default([...DEFAULT_EVENT_GROUPS]),
      /** Subscribe every booked consignment to the event groups. */
      autoSubscribe: z.boolean().default(true),
    })
    .prefault({}),
})

export type NordicParcelOptionsInput = z.input<typeof NordicParcelOptionsSchema>
export type NordicParcelOptions = z.output<typeof NordicParcelOptionsSchema>
export type ServiceOptions = z.output<typeof ServiceOptionsSchema>

/**
 * Validates raw options. Throws a MedusaError whose message names every offending option path,
 * and never echoes a value (the API key must not reach a log through a validation error).
 */
export function parseOptions(raw: unknown): NordicParcelOptions {
  const result = NordicParcelOptionsSchema.safeParse(raw ?? {})
  if (result.success) {
    return result.data
  }
  throw new MedusaError(
    MedusaError.Types.INVALID_DATA,
    `medusa-plugin-nordic-parcel: invalid options — ${describeIssues(result.error.issues).join("; ")}`
  )
}

/**
 * The merchant's settings of one service. A shipping option whose service was later removed from
 * the options keeps working with neutral defaults (carrier price, no fallback, no markup).
 */
export function serviceOptionsFor(options: NordicParcelOptions, code: string): ServiceOptions {
  return (
    options.services.find((s) => s.code === code) ?? {
      code,
      offered: true,
      priceSource: "net",
      isReturn: false,
      qrCodes: false,
      additionalServices: [],
    }
  )
}

/**
 * The service of a shipping option, from the option's data (what getFulfillmentOptions gave the
 * admin). An option made from the customer list carries the customer number it belongs to.
 * Undefined when the data names no service.
 */
export function serviceForOptionData(
  options: NordicParcelOptions,
  data: Record<string, unknown> | null | undefined
): ServiceOptions | undefined {
  const code = typeof data?.service_code === "string" ? data.service_code : ""
  if (!code) {
    return undefined
  }
  const service = serviceOptionsFor(options, code)
  const listed = typeof data?.customer_number === "string" ? data.customer_number : undefined
  return service.customerNumber || !listed ? service : { ...service, customerNumber: listed }
}

/** Whether the shopper must pick a pickup point: the option's own flag, else the service's. */
export function requiresPickupPoint(service: ServiceOptions, data: Record<string, unknown> | null | undefined): boolean {
  if (typeof data?.requires_pickup_point === "boolean") {
    return data.requires_pickup_point
  }
  return service.requiresPickupPoint ?? serviceInfo(service.code).requiresPickupPoint
}
