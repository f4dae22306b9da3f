import { z } from "@medusajs/framework/zod"
import {
  countryCode,
  lenient,
  lenientList,
  lenientStrings,
  nonNegativeInteger,
  positiveInteger,
  text,
  wireNumber,
  wireString,
} from "./common"

/*
 * Shipping price and delivery-time lookup, current (v2) interface:
 * "Shipping lookup request/response" and "Shipping lookup, current interface"; carrier notes 2, 7, 8, 9, 10.
 */

// ------------------------------------------------------------------ POST /v2/products request

const twoDigits = z.string().regex(/^\d{2}$/, "must be two digits, zero-padded")

export const shippingDateSchema = z.strictObject({
  year: z.string().regex(/^\d{4}$/, "must be four digits"),
  month: twoDigits,
  day: twoDigits,
  hour: twoDigits.optional(),
  minute: twoDigits.optional(),
})

export const shippingPackageSchema = z.strictObject({
  id: z.number().int(),
  /** Centimetres. */
  length: positiveInteger.optional(),
  width: positiveInteger.optional(),
  height: positiveInteger.optional(),
  /** Grams (carrier notes 7); booking uses kilograms instead. */
  grossWeight: positiveInteger.optional(),
  volumeInDm3: z.number().positive().optional(),
})

/** At most 50 packages per consignment (carrier notes 7). */
export const MAX_SHIPPING_PACKAGES = 50

export const shippingConsignmentSchema = z.strictObject({
  id: z.number().int(),
  products: z
    .array(
      z.strictObject({
        /** Service code, e.g. "5800" or "SERVICEPAKKE". */
        id: text(),
        customerNumber: text().optional(),
      })
    )
    .min(1, "at least one product is required"),
  packages: z.array(shippingPackageSchema).max(MAX_SHIPPING_PACKAGES, `at most ${MAX_SHIPPING_PACKAGES} packages`).optional(),
  fromCountryCode: countryCode,
  fromPostalCode: text(),
  toCountryCode: countryCode,
  toPostalCode: text(),
  additionalServices: z.array(text()).optional(),
  shippingDate: shippingDateSchema.optional(),
  /** The points whose estimated arrival is wanted (SERVICEPAKKE, 5800), with withEstimatedDeliveryTime (carrier notes 55). */
  pickupPoints: z.array(z.strictObject({ id: text() })).min(1).optional(),
})

export const shippingLookupRequestSchema = z.strictObject({
  consignments: z.array(shippingConsignmentSchema).min(1, "at least one consignment is required"),
  withPrice: z.boolean().optional(),
  withExpectedDelivery: z.boolean().optional(),
  withGuiInformation: z.boolean().optional(),
  /** The parcel will be pre-registered electronically; may change price and available services. */
  edi: z.boolean().optional(),
  trace: z.boolean().optional(),
  /** Later days the parcel can be delivered on, 0–9 (carrier notes 53). */
  numberOfAlternativeDeliveryDates: z.number().int().min(0).max(9).optional(),
  /** Estimated arrival at the consignments' pickupPoints; needs withExpectedDelivery (carrier notes 55). */
  withEstimatedDeliveryTime: z.boolean().optional(),
  /** The parcel is handed in at a post office: a surcharge for SERVICEPAKKE and BPAKKE_DOR-DOR (carrier notes 56). */
  postingAtPostOffice: z.boolean().optional(),
})
export type ShippingLookupRequest = z.input<typeof shippingLookupRequestSchema>
export type ShippingDate = z.input<typeof shippingDateSchema>

// ------------------------------------------------------------------ GET /v2/products query

const optionalFlag = z.boolean().optional()

/** Query of `GET /v2/products`, `/v2/products/price` and `/v2/products/expectedDelivery`, wire names as in the spec. */
export const shippingLookupQuerySchema = z
  .strictObject({
    /** Repeatable; a service code, optionally followed by `:<customer number>`. */
    product: z.array(text()).min(1, "at least one product is required"),
    fromcountry: countryCode,
    tocountry: countryCode,
    frompostalcode: text(),
    topostalcode: text(),
    /** Applies to every product without its own customer number. */
    customernumber: text().optional(),
    additionalservice: z.array(text()).optional(),
    /** Only for company parcel and evening door delivery. */
    addressline: text(35).optional(),
    /** Shipping date, YYYY-MM-DD. */
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be YYYY-MM-DD").optional(),
    /** Shipping time, HH:mm. */
    time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be HH:mm").optional(),
    edi: optionalFlag,
    /** Estimated delivery time at pickup points (services 5800 and SERVICEPAKKE); needs `customernumber`. */
    estimateddeliverytime: optionalFlag,
    /** Pickup point ids; sent comma-separated. Without them the receiver's default points are used. */
    pickuppoints: z
      .array(text())
      .min(1)
      .transform((ids) => ids.join(","))
      .optional(),
    language: text().optional(),
    /** Centimetres. */
    height: positiveInteger.optional(),
    length: positiveInteger.optional(),
    width: positiveInteger.optional(),
    /** Grams. */
    weight: positiveInteger.optional(),
    volumeindm3: positiveInteger.optional(),
    loadingmeter: z.number().positive().optional(),
    numberofpallets: positiveInteger.optional(),
    nonstackable: optionalFlag,
    volumeSpecial: optionalFlag,
    /** Dangerous goods UN number. */
    unnumber: z.number().int().min(0).max(9999).optional(),
    payer: z.enum(["SENDER", "RECEIVER", "THIRD_PARTY"]).optional(),
    incoterms: text().optional(),
    numberofdeliverydates: nonNegativeInteger.optional(),
    uniqueAlternateDeliveryDates: optionalFlag,
    postingatpostoffice: optionalFlag,
    nonstandardcourierservice: text().optional(),
  })
  .refine((query) => !query.estimateddeliverytime || query.customernumber !== undefined, {
    message: "is required when estimateddeliverytime is true",
    path: ["customernumber"],
  })
export type ShippingLookupQuery = z.input<typeof shippingLookupQuerySchema>

// ------------------------------------------------------------------ response

/** Decimal strings with two decimals, e.g. "99.00". */
const amountsSchema = z.looseObject(lenientStrings("amountWithoutVAT", "vat", "amountWithVAT"))

const additionalServicePriceSchema = z.looseObject({
  ...lenientStrings("additionalServiceId", "additionalServiceDescription", "additionalServiceCodeFromProductionSystem"),
  additionalServicePrice: lenient(amountsSchema),
})

const priceSetSchema = z.looseObject({
  currencyCode: lenient(wireString),
  priceWithoutAdditionalServices: lenient(amountsSchema),
  priceWithAdditionalServices: lenient(amountsSchema),
  additionalServices: lenientList(additionalServicePriceSchema),
})

export const shippingPriceSchema = z.looseObject({
  listPrice: lenient(priceSetSchema),
  /** Only with a customer number the user may see agreement prices for (carrier notes 9). */
  netPrice: lenient(priceSetSchema),
  zones: lenient(z.looseObject({ totalZoneCount: lenient(wireNumber) })),
})

/** Year, month and day arrive unpadded ("5"), carrier notes 9. */
const deliveryDateSchema = z.looseObject({
  ...lenientStrings("year", "month", "day", "hour", "minute"),
  timeSlots: lenientList(z.unknown()),
})

/**
 * One delivery date the carrier offers: working days, the date as text (dd.MM.yyyy, possibly
 * followed by HH:mm) and in parts. The expected delivery is one, and so is each alternative.
 */
const deliveryEstimateSchema = z.looseObject({
  ...lenientStrings("workingDays", "formattedExpectedDeliveryDate"),
  expectedDeliveryDate: lenient(deliveryDateSchema),
})

export const expectedDeliverySchema = deliveryEstimateSchema.extend({
  userMessage: lenient(wireString),
  alternativeDeliveryDates: lenientList(deliveryEstimateSchema),
})

/** Display texts (carrier notes 9: lowerCamel forms of the SOAP GuiInformation names, all strings). */
export const guiInformationSchema = z.looseObject(
  lenientStrings(
    "sortOrder",
    "mainDisplayCategory",
    "subDisplayCategory",
    "displayName",
    "productName",
    "descriptionText",
    "helpText",
    "shortName",
    "productURL",
    "deliveryType",
    "maxWeightInKgs"
  )
)

const estimatedDeliveryTimeSchema = z.looseObject(
  lenientStrings("pickupPointId", "deliveryStartTime", "deliveryEndTime", "formattedExpectedDeliveryDate")
)

/** Per-product error or warning (carrier notes 8); codes are open strings. */
const productMessageSchema = z.looseObject(lenientStrings("code", "description"))

export const shippingProductSchema = z.looseObject({
  /** The service code asked for. */
  id: wireString,
  ...lenientStrings("customerNumber", "productionCode"),
  guiInformation: lenient(guiInformationSchema),
  price: lenient(shippingPriceSchema),
  expectedDelivery: lenient(expectedDeliverySchema),
  estimatedDeliveryTimes: lenientList(estimatedDeliveryTimeSchema),
  /** Non-empty when the service cannot be offered for this consignment (carrier notes 8). */
  errors: lenientList(productMessageSchema),
  warnings: lenientList(productMessageSchema),
})
export type ShippingProduct = z.output<typeof shippingProductSchema>

export const shippingLookupResponseSchema = z.looseObject({
  uniqueId: lenient(wireString),
  traceMessages: lenientList(wireString),
  consignments: lenientList(
    z.looseObject({
      id: lenient(wireString),
      /** Empty when no requested service applies (too large, outside coverage). */
      products: lenientList(shippingProductSchema),
    })
  ),
})
export type ShippingLookupResponse = z.output<typeof shippingLookupResponseSchema>
export type ShippingPrice = z.output<typeof shippingPriceSchema>
export type ExpectedDelivery = z.output<typeof expectedDeliverySchema>
export type GuiInformation = z.output<typeof guiInformationSchema>
