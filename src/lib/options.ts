/*
 * The plugin's options: one schema shared by plugin and provider, parsed once at boot by
 * modules/nordic_parcel/loaders/validate-options.ts (a bad value stops the store with a message naming
 * the option, never echoing values). https is required for `baseUrl` and `webhooks.publicUrl` outside
 * `testMode`. `customerNumberFor` picks a customer number by precedence: the stock location's, then
 * the service's, then the default; the quote (lib/checkout/quote-input.ts, the location from
 * `context.from_location`) and the booking (the fulfilment's `location_id`; a return: its option's
 * location) both use it. The merchant's settings override every option but the credentials
 * (lib/settings/).
 */
import { MedusaError } from "@medusajs/framework/utils"
import { z } from "@medusajs/framework/zod"
import { natureOfTransactionValues } from "./carrier/schemas/booking"
import { trackingEventNames } from "./carrier/schemas/events"
import { describeIssues } from "./validation-issues"
import { PRICE_ADJUSTMENT_PATTERN } from "./pricing/markup"
import { roundingRules } from "./pricing/rounding"

/**
 * The one options object shared by the plugin (its module, routes, jobs) and the fulfillment
 * provider. It is validated once at boot by both entry points so that a
 * bad value stops the store with a message naming the option, instead of failing at checkout.
 */

/** The carrier's priceAdjustments syntax (defined with the markup rules, which the admin bundles too). */
export { PRICE_ADJUSTMENT_PATTERN }

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
/** A VOEC number as the booking's integer field takes it (shared by the options and the booking mapper). */
export const VAT_ON_ECOMMERCE_PATTERN = /^[1-9]\d{6}$/

/** The exchange rates the options and settings accept (see optionRules.exchangeRate). */
export const EXCHANGE_RATE_RANGE = { min: 0.0001, max: 10_000 } as const
const EXCHANGE_RATE_RULE = `must be between ${EXCHANGE_RATE_RANGE.min} and ${EXCHANGE_RATE_RANGE.max} (units of this currency for one unit of the default currency)`

export const optionRules = {
  serviceCode: z.string().min(1).max(35),
  customerNumber: z.string().min(1).max(35),
  serviceName: z.string().min(1),
  priceSource: z.enum(["net", "list"]),
  /**
   * What the shopper pays for a return made from the storefront with a return service: the
   * carrier's price (with the store's markup, currency and rounding), a fixed amount per currency,
   * or nothing.
   */
  returnPrice: z.enum(["carrier", "fixed", "free"]),
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
  /**
   * The VOEC number as the booking takes it: an integer of 7 digits (carrier notes 41), so it
   * cannot start with 0 (0123456 would be sent as the 6-digit 123456, which the booking refuses).
   */
  vatOnEcommerce: z.string().regex(VAT_ON_ECOMMERCE_PATTERN, "must be 7 digits, the first not 0 (the booking sends it as a 7-digit number)"),
  /** The account cash-on-delivery amounts are paid into (the carrier's accountNumber, at most 35 characters). */
  codAccountNumber: z.string().trim().min(1).max(35),
  eventGroups: z.array(z.enum(trackingEventNames)).min(1),
  /** Local time (Europe/Oslo, 24 h) after which an order ships the next working day. */
  cutOffTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a time of day as HH:mm, e.g. 14:00"),
  /** Working days between the order (before the cut-off) and handing the parcel to the carrier. */
  leadTimeDays: z.number().int("must be a whole number of working days").min(0).max(30),
  alternativeDeliveryDates: z.number().int("must be a whole number of days").min(0, "must be 0 to 9 (0 turns the choice off)").max(9, "must be 0 to 9: the carrier offers at most 9"),
  payloadRetentionDays: z.number().int("must be a whole number of days").min(1).max(3650),
  /** ISO 4217, in capitals as the carrier writes it (Medusa's lower-case codes are compared in capitals). */
  currencyCode: z.string().regex(/^[A-Z]{3}$/, "must be a currency code in capitals, e.g. SEK"),
  /**
   * Units of this currency for one unit of the default currency, e.g. SEK 0.95 when 1 NOK = 0.95 SEK.
   * Bounded to what currencies are worth against each other (the Nordic crowns and the euro lie
   * within 0.05–20 of each other): a slip of the keyboard such as 1e-9 would price shipping at
   * nothing, or at Infinity when converting from that currency.
   */
  exchangeRate: z
    .number()
    .min(EXCHANGE_RATE_RANGE.min, EXCHANGE_RATE_RULE)
    .max(EXCHANGE_RATE_RANGE.max, EXCHANGE_RATE_RULE),
  rounding: z.enum(roundingRules),
  /** Sender details a stock location does not hold; free text the carrier prints as sent. */
  senderText: z.string().trim().min(1).max(35),
  senderEmail: z.email("must be an e-mail address").max(60),
  vatNumber: z.string().trim().min(1).max(30),
}

/** Amounts per currency (fallback prices, thresholds), keyed by the currency's code. */
const perCurrency = <T extends z.ZodType>(value: T) => z.record(optionRules.currencyCode, value)

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
  /**
   * Per currency: the fallback price, free-shipping threshold and markup of carts in that currency.
   * The single-number fallbackPrice and freeShippingThreshold, and a fixed-amount markup, are in
   * the default currency. For a currency without its own: no fallback and no threshold; a
   * percentage markup applies as it is, a fixed-amount markup is converted at the currency's rate
   * (without a rate the carrier's price is not used: the option gets its fallback or is hidden).
   */
  fallbackPrices: perCurrency(optionRules.money).optional(),
  freeShippingThresholds: perCurrency(optionRules.money).optional(),
  markups: perCurrency(optionRules.markup).optional(),
  /**
   * Whether the shopper must choose a pickup point, in every country. Unset: the carrier's rule for
   * the destination country (SERVICEPAKKE to Norway, PICKUP_PARCEL_BULK to Norway and Sweden).
   */
  requiresPickupPoint: z.boolean().optional(),
  /**
   * Where the carrier lets a parcel without a chosen point go to the door (PICKUP_PARCEL and
   * PICKUP_PARCEL_BULK to Denmark): send it to the point nearest the recipient instead.
   */
  nearestPickupPointWhenNoneChosen: z.boolean().optional(),
  /** A return service (booked by createReturnFulfillment). */
  isReturn: z.boolean().default(false),
  /**
   * A return service's return policy: what a return with it costs the shopper (and what Medusa
   * charges for the calculated return option). Unset: the carrier's price, as for any calculated
   * option. "fixed" takes the amount of the order's currency from `returnPrices`; a currency
   * without one has no price (the option is not offered for its orders).
   */
  returnPrice: optionRules.returnPrice.optional(),
  /** The fixed return price per currency (major units), for `returnPrice: "fixed"`. */
  returnPrices: perCurrency(optionRules.money).optional(),
  /** Return service booked together with the outgoing shipment (free return), e.g. 9300. */
  returnService: optionRules.serviceCode.optional(),
  /**
   * QR codes on this service's return labels (where the return service has them); unset: as the
   * store's `returnQrCodes`.
   */
  qrCodes: z.boolean().optional(),
  /** Additional services switched on for this service (EVARSLING, SIMPLE_DELIVERY, 1081, ...). */
  additionalServices: optionRules.additionalServices.default([]),
  /** Customer number for this service when it differs from the default one. */
  customerNumber: optionRules.customerNumber.optional(),
  /**
   * Alternative delivery days offered to the shopper besides the expected one, 0–9 (0: no choice),
   * for services whose booking takes a requested day (PA_DOREN, 5600, OIL_EXPRESS). Unset: 5.
   */
  alternativeDeliveryDates: optionRules.alternativeDeliveryDates.optional(),
})

export const CurrencyOptionsSchema = z.object({
  /** Units of this currency for one unit of the default currency; without it, no conversion to or from it. */
  exchangeRate: optionRules.exchangeRate.optional(),
  /** How carrier prices converted into this currency are rounded: to the cent, up to whole units, up to an amount ending in 9. */
  rounding: optionRules.rounding.default("none"),
})

/**
 * A stock location's own agreement and the sender details the carrier needs that Medusa's stock
 * location does not hold. Keyed by the stock location's id.
 */
export const LocationOptionsSchema = z.object({
  /** Quotes and bookings from this location use this customer number. */
  customerNumber: optionRules.customerNumber.optional(),
  /** The sender's name on the label, instead of the location's company or name. */
  senderName: optionRules.senderText.optional(),
  contactName: optionRules.senderText.optional(),
  email: optionRules.senderEmail.optional(),
  /** Instead of (or without) the stock location address's phone. */
  phone: optionRules.senderText.optional(),
  vatNumber: optionRules.vatNumber.optional(),
  /** Parcels from this location are handed in at a post office: lookups say so and prices include the carrier's surcharge. */
  postingAtPostOffice: z.boolean().optional(),
})

export const NordicParcelOptionsSchema = z.object({
  baseUrl: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }),
  apiUid: z.string().min(1, "is required"),
  apiKey: z.string().min(1, "is required"),
  customerNumber: optionRules.customerNumber.optional(),
  testMode: z.boolean().default(false),
  pricesIncludeVat: z.boolean().default(true),
  /**
   * The currency the single-number prices (fallbackPrice, freeShippingThreshold, fixed markups)
   * are in, and the base of every exchange rate.
   */
  defaultCurrency: optionRules.currencyCode.default("NOK"),
  /** Exchange rate and rounding per currency, e.g. `{ SEK: { exchangeRate: 0.95, rounding: "up_to_9" } }`. */
  currencies: z.record(optionRules.currencyCode, CurrencyOptionsSchema).default({}),
  /** Per stock location id: its customer number and sender details. */
  locations: z.record(z.string().min(1).max(100), LocationOptionsSchema).default({}),
  /**
   * The merchant's account for cash on delivery (POSTOPPKRAV): the carrier collects the order's
   * total from the recipient and pays it into this account. Required to book with POSTOPPKRAV.
   */
  codAccountNumber: optionRules.codAccountNumber.optional(),
  /**
   * Return labels come with QR codes (the shopper shows one at the counter instead of printing
   * the label) wherever the return service has them (carrier notes 30). A service's own `qrCodes`
   * overrides it.
   */
  returnQrCodes: z.boolean().default(true),
  services: z
    .array(ServiceOptionsSchema)
    .default([
      { code: "SERVICEPAKKE", offered: true, priceSource: "net", isReturn: false, additionalServices: ["EVARSLING"] },
      { code: "PA_DOREN", offered: true, priceSource: "net", isReturn: false, additionalServices: ["EVARSLING"] },
      { code: "3584", offered: true, priceSource: "net", isReturn: false, additionalServices: [] },
      { code: "9300", offered: true, priceSource: "net", isReturn: true, additionalServices: [] },
    ]),
  timeouts: z
    .object({
      /** Time budget of a checkout quote; past it the fallback price is used. */
      quoteMs: z.number().int().positive().default(2500),
      /** Time-out of every other carrier call; for a booking, counted from when it is sent. */
      requestMs: z.number().int().positive().default(10000),
      /**
       * Longest wait of a booking for its turn at the carrier's rate limit (shared by every
       * instance); past it the booking is not sent and is tried again later.
       */
      bookingQueueMs: z.number().int().positive().default(60000),
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
  /** Label downloads (admin label route, print runs). */
  labels: z
    .object({
      /**
       * Hosts of the carrier's label storage that label links may redirect to, over https ("*.host"
       * for any subdomain). The carrier's own host is always allowed; nothing else is followed.
       */
      storageHosts: z.array(z.string().regex(/^(\*\.)?[a-z0-9.-]+$/i, "must be a host name, optionally starting with *.")).default([]),
      /** Largest label file read, in bytes. */
      maxBytes: z.number().int().positive().default(5 * 1024 * 1024),
    })
    .prefault({}),
  webhooks: z
    .object({
      /** Public URL of the store; callbacks go to <publicUrl>/hooks/nordic-parcel/events. */
      publicUrl: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
      /** Shared secret the carrier sends back in `headerName` with every callback. */
      secret: z.string().min(16, "must be at least 16 characters").optional(),
      /**
       * The secret before the last change, still accepted until `previousSecretUntil`: callbacks
       * already on their way (and subscriptions not yet made again) carry it.
       */
      previousSecret: z.string().min(16, "must be at least 16 characters").optional(),
      /** When the previous secret stops being accepted (ISO 8601 time with offset). */
      previousSecretUntil: z.iso.datetime({ offset: true, error: "must be an ISO 8601 time with offset, e.g. 2026-12-01T00:00:00Z" }).optional(),
      headerName: z.string().min(1).default("X-Nordic-Parcel-Secret"),
      eventGroups: optionRules.eventGroups.default([...DEFAULT_EVENT_GROUPS]),
      /** Subscribe every booked consignment to the event groups. */
      autoSubscribe: z.boolean().default(true),
      /**
       * Days the raw body of each carrier callback is kept once its event is applied; then the
       * nordic-parcel-prune-tracking-payloads job empties it (the event itself, its status and
       * times, stays). Dead letters (callbacks that could not be understood) are deleted after as
       * many days from their arrival.
       */
      payloadRetentionDays: optionRules.payloadRetentionDays.default(90),
      /**
       * New events each instance stores per minute (a minute's worth may come at once): a ceiling
       * against a flood (a leaked secret, a looping carrier), never the carrier's real traffic. The
       * default, 600,000 (10,000 a second), is about nine times what one instance takes in
       * (`npm run bench:webhooks`: ~1,100 callbacks a second on 2 cores), because a refused
       * callback comes back 30 minutes later at the earliest. Past it a new event is answered 503
       * with Retry-After; a repeat of a stored event is answered 200 (nothing to store). Counted on
       * the status page.
       */
      maxEventsPerMinute: z.number().int("must be a whole number").min(10).max(10_000_000).default(600_000),
      /** Callbacks not understood (dead letters) each instance stores per minute; as maxEventsPerMinute. */
      maxDeadLettersPerMinute: z.number().int("must be a whole number").min(1).max(100_000).default(120),
    })
    .prefault({})
    .superRefine((webhooks, ctx) => {
      if (webhooks.previousSecret && !webhooks.previousSecretUntil) {
        ctx.addIssue({ code: "custom", path: ["previousSecretUntil"], message: "is required with webhooks.previousSecret (the end of its grace period)" })
      }
      if (webhooks.previousSecretUntil && !webhooks.previousSecret) {
        ctx.addIssue({ code: "custom", path: ["previousSecret"], message: "is required with webhooks.previousSecretUntil" })
      }
      if (webhooks.previousSecret && webhooks.previousSecret === webhooks.secret) {
        ctx.addIssue({ code: "custom", path: ["previousSecret"], message: "must differ from webhooks.secret" })
      }
    }),
  /**
   * A guest's access to an order's shipments and return documents (the second factor besides the
   * order's id): the key the access tokens are signed with, how long a token lasts, and what a
   * guest may prove the order with. Without `secret` guests are refused (signed-in customers are
   * not) and the status page names the fix: no key is ever derived from the carrier credentials.
   * `guestProof: "token"`: only a signed link (the merchant's order e-mail carries it) opens an
   * order to a guest; the order's e-mail is no proof, since Medusa's own `GET /store/orders/:id`
   * tells it to whoever holds the id.
   */
  orderAccess: z
    .object({
      secret: z
        .string()
        .refine((secret) => Buffer.byteLength(secret, "utf8") >= 32, "must be at least 32 bytes (e.g. from `openssl rand -hex 32`)")
        .optional(),
      tokenTtlHours: z.number().int().positive().max(24 * 90, "must be at most 2160 hours (90 days)").default(24 * 7),
      guestProof: z.enum(["email", "token"], { error: 'must be "email" (the order\'s e-mail or a signed link) or "token" (a signed link only)' }).default("email"),
    })
    .prefault({}),
  /**
   * Who a client of the public store routes is, for their per-client limit. By default the
   * connection's own address: a header any client can write is not trusted. Behind proxies, the
   * number of them (each appends the address it received from to X-Forwarded-For), or the header
   * the last proxy sets to the client's address (e.g. CF-Connecting-IP, X-Real-IP).
   */
  clientAddress: z
    .object({
      trustedProxies: z.number().int().min(0).max(10).default(0),
      header: z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, "must be an HTTP header name").optional(),
    })
    .prefault({})
    .refine((client) => !(client.header && client.trustedProxies > 0), "set either clientAddress.header or clientAddress.trustedProxies, not both"),
})
  .superRefine((options, ctx) => {
    // Outside test mode every address the plugin sends credentials or its secret to is https.
    if (options.testMode) return
    // A value that is no URL at all is already refused by its field, with that field's message.
    // Plain http to this machine (a local carrier proxy, the sandbox) never crosses a network.
    const plain = (url: string | undefined) =>
      url !== undefined && URL.canParse(url) && new URL(url).protocol === "http:" && !isLoopbackHost(new URL(url).hostname)
    if (plain(options.baseUrl)) {
      ctx.addIssue({ code: "custom", path: ["baseUrl"], message: "must be an https URL outside test mode (it carries the API key)" })
    }
    if (plain(options.webhooks.publicUrl)) {
      ctx.addIssue({ code: "custom", path: ["webhooks", "publicUrl"], message: "must be an https URL outside test mode (callbacks carry the webhook secret)" })
    }
  })

export type NordicParcelOptionsInput = z.input<typeof NordicParcelOptionsSchema>
export type NordicParcelOptions = z.output<typeof NordicParcelOptionsSchema>
export type ServiceOptions = z.output<typeof ServiceOptionsSchema>
export type CurrencyOptions = z.output<typeof CurrencyOptionsSchema>
export type LocationOptions = z.output<typeof LocationOptionsSchema>

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

/**
 * The customer number a quote or booking of the service uses: the shipping stock location's own,
 * else the service's, else the default one. A location with its own agreement (a Swedish
 * warehouse with a Swedish customer number) quotes and books every service on it.
 */
export function customerNumberFor(options: NordicParcelOptions, service: ServiceOptions, locationId?: string | null): string | undefined {
  return (locationId ? options.locations[locationId]?.customerNumber : undefined) ?? service.customerNumber ?? options.customerNumber
}

/**
 * The customer number of a stock location's agreement, for what belongs to no one service (a
 * pickup order): the location's own, else the default one.
 */
export function locationCustomerNumber(options: NordicParcelOptions, locationId: string): string | undefined {
  return options.locations[locationId]?.customerNumber ?? options.customerNumber
}

/** localhost, 127.0.0.0/8 or [::1]: an address that never leaves this machine. */
function isLoopbackHost(hostname: string): boolean {
  return hostname === "localhost" || hostname === "[::1]" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
}
