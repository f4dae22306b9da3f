import { z } from "@medusajs/framework/zod"
import { bookingErrorEntry } from "./error-bodies"
import { countryCode, lenient, lenientList, positiveInteger, text, wireBoolean, wireDateTime, wireString } from "./common"

/* Booking , "Rules", "Limits"; carrier notes 1, 4, 5, 14, 15, 16, 17, 19, 20. */

/** An optional request string with the spec's length limit; empty strings are allowed. */
function optionalText(max?: number) {
  const base = z.string()
  return (max === undefined ? base : base.max(max, `must be at most ${max} characters`)).optional()
}

// ------------------------------------------------------------------ request

/**
 * yyyy-MM-ddTHH:mm:ss with optional fraction and offset, or epoch milliseconds (JSON only).
 * A `Date` is accepted for convenience and sent as its ISO string (UTC, `Z`).
 */
const bookingDateTime = z.union([
  z.date().transform((date) => date.toISOString()),
  z
    .string()
    .regex(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/,
      "must be yyyy-MM-ddTHH:mm:ss, optionally with fraction and offset"
    ),
  z.number().int().nonnegative(),
])

const contactSchema = z.strictObject({
  name: optionalText(),
  email: optionalText(60),
  phoneNumber: optionalText(),
})

/**
 * Sender, recipient, importer and returnTo (carrier notes 16). Name, address line, city and country are
 * required on every party; the postal code where the country uses one, which the carrier checks.
 */
export const bookingPartySchema = z.strictObject({
  name: text(),
  addressLine: text(35),
  addressLine2: z.string().max(35, "must be at most 35 characters").nullish(),
  postalCode: optionalText(35),
  city: text(35),
  countryCode,
  /** Shipper or consignee reference. */
  reference: optionalText(35),
  /** Pickup or delivery instruction printed on labels of some services. */
  additionalAddressInfo: optionalText(35),
  /** For the importer, or for the recipient when no importer is sent. */
  vatNumber: optionalText(30),
  contact: contactSchema.optional(),
})
export type BookingParty = z.input<typeof bookingPartySchema>

export const bookingPartiesSchema = z.strictObject({
  sender: bookingPartySchema,
  recipient: bookingPartySchema,
  /** Pickup-point delivery; takes precedence over `services.deliveryOption`. */
  pickupPoint: z.strictObject({ id: text(), countryCode }).nullish(),
  /** Without an importer the recipient is the importer. */
  importer: bookingPartySchema.optional(),
  /** Replaces the sender address in the label's top left corner. */
  returnTo: bookingPartySchema.optional(),
})

// Additional services with documented fields. Other ids are sent as given,
// since new services appear; the carrier checks them.
const text35 = optionalText(35)
export const evarslingServiceSchema = z.strictObject({
  id: z.literal("EVARSLING"),
  email: optionalText(),
  mobile: optionalText(),
})
export const dangerousGoodsServiceSchema = z.strictObject({
  id: z.literal("DANGEROUS_GOODS"),
  weightInGrams: z.number().positive().optional(),
  containerId: text35,
  unNumber: text35,
  commodity: text35,
  packingGroup: text35,
  dangerClass: text35,
  tunnelRestrictionCode: text35,
  safetyMarkCode: text35,
})
export const simpleDeliveryServiceSchema = z.strictObject({ id: z.literal("SIMPLE_DELIVERY") })
export const flexDeliveryServiceSchema = z.strictObject({
  id: z.literal("FLEX_DELIVERY"),
  /** Instruction for the driver. */
  message: optionalText(),
})
/** Cash on delivery; its fields belong here (carrier notes 17). */
export const cashOnDeliveryServiceSchema = z.strictObject({
  id: z.literal("POSTOPPKRAV"),
  accountNumber: text35,
  accountType: z.enum(["bankgiro", "plusgiro"]).optional(),
  amount: z.number().positive().optional(),
  currencyCode: z.string().regex(/^[A-Z]{3}$/, "must be an ISO 4217 code").optional(),
})
export const saturdayDeliveryServiceSchema = z.strictObject({ id: z.literal("LORDAGSUTKJORING") })
/** Bag on door, for mailbox parcels 3570 and 3584. */
export const bagOnDoorServiceSchema = z.strictObject({ id: z.literal("1081") })

const knownAdditionalServices: Record<string, z.ZodType> = {
  EVARSLING: evarslingServiceSchema,
  DANGEROUS_GOODS: dangerousGoodsServiceSchema,
  SIMPLE_DELIVERY: simpleDeliveryServiceSchema,
  FLEX_DELIVERY: flexDeliveryServiceSchema,
  POSTOPPKRAV: cashOnDeliveryServiceSchema,
  LORDAGSUTKJORING: saturdayDeliveryServiceSchema,
  "1081": bagOnDoorServiceSchema,
}

export const bookingAdditionalServiceSchema = z.looseObject({ id: text() }).superRefine((service, context) => {
  const known = knownAdditionalServices[service.id]
  const result = known?.safeParse(service)
  for (const issue of result?.error?.issues ?? []) {
    if (issue.code === "unrecognized_keys") {
      context.addIssue({ code: "unrecognized_keys", keys: issue.keys, path: issue.path, message: issue.message })
    } else {
      context.addIssue({ code: "custom", message: issue.message, path: issue.path })
    }
  }
})
export type BookingAdditionalService =
  | z.input<typeof evarslingServiceSchema>
  | z.input<typeof dangerousGoodsServiceSchema>
  | z.input<typeof simpleDeliveryServiceSchema>
  | z.input<typeof flexDeliveryServiceSchema>
  | z.input<typeof cashOnDeliveryServiceSchema>
  | z.input<typeof saturdayDeliveryServiceSchema>
  | z.input<typeof bagOnDoorServiceSchema>
  | { id: string; [field: string]: unknown }

export const natureOfTransactionValues = [
  "SALE_OF_GOODS",
  "RETURNED_GOODS",
  "GIFT",
  "COMMERCIAL_SAMPLE",
  "DOCUMENTS",
  "OTHER",
] as const

/**
 * One customs line. The export list spells the amount `tarriffLineAmount`, the import list
 * `tariffLineAmount`; exactly one of them is sent, under the name the caller chose.
 */
export const customsDeclarationLineSchema = z
  .strictObject({
    quantity: positiveInteger,
    goodsDescription: text(35),
    customsArticleNumber: optionalText(),
    /** Total net weight of the line. */
    itemNetWeightInKg: z.number().positive(),
    tarriffLineAmount: z.number().nonnegative().optional(),
    tariffLineAmount: z.number().nonnegative().optional(),
    currency: z.string().regex(/^[A-Z]{3}$/, "must be an ISO 4217 code"),
    countryOfOrigin: countryCode.optional(),
  })
  .refine((line) => (line.tarriffLineAmount === undefined) !== (line.tariffLineAmount === undefined), {
    message: "give exactly one of tarriffLineAmount (export) and tariffLineAmount (import)",
    path: ["tarriffLineAmount"],
  })
export type CustomsDeclarationLine = z.input<typeof customsDeclarationLineSchema>

export const customsDeclarationsSchema = z
  .strictObject({
    /** Required for export; optional for import, where it may only be SALE_OF_GOODS. */
    natureOfTransaction: z.enum(natureOfTransactionValues).optional(),
    iossNumber: z.string().regex(/^IM\d{10}$/, "must be IM followed by 10 digits").optional(),
    ediCustomsDeclaration: z.array(customsDeclarationLineSchema).min(1, "at least one customs line is required"),
  })
  .refine((customs) => customs.iossNumber === undefined || customs.natureOfTransaction === "SALE_OF_GOODS", {
    message: "iossNumber is allowed only with natureOfTransaction SALE_OF_GOODS",
    path: ["iossNumber"],
  })

export const bookingProductSchema = z.strictObject({
  /** Service code. */
  id: text(),
  /** The API customer number; for mailbox parcels the main number without prefix and padding. */
  customerNumber: text(35),
  additionalServices: z.array(bookingAdditionalServiceSchema).optional(),
  messageForRecipient: z.string().max(35, "must be at most 35 characters").nullish(),
  services: z
    .strictObject({
      /** e.g. TWO_DELIVERIES_THEN_PIB, PICKUP_POINT. */
      deliveryOption: optionalText(),
      recipientNotification: z.strictObject({ email: optionalText(60), mobile: optionalText() }).optional(),
    })
    .nullish(),
  ediCustomsDeclarations: customsDeclarationsSchema.optional(),
  /** sender, recipient or thirdParty (carrier notes 17). */
  whoPaysInvoice: optionalText(35),
  /** Mandatory for non-standard courier, e.g. a three-letter code. */
  nonStandardCourierProductCode: optionalText(),
})

export const bookingPackageSchema = z.strictObject({
  correlationId: optionalText(),
  weightInKg: z.number().positive().optional(),
  goodsDescription: optionalText(35),
  /** Optional for cargo when volumeInDm3 is given. */
  dimensions: z
    .strictObject({ heightInCm: positiveInteger, widthInCm: positiveInteger, lengthInCm: positiveInteger })
    .optional(),
  volumeInDm3: z.number().positive().optional(),
  numberOfPallets: positiveInteger.optional(),
  loadMeters: z.number().positive().max(49.9, "must be at most 49.9").optional(),
  containerId: optionalText(35),
  numberOfItems: positiveInteger.optional(),
  /** Allowed values are not published; leave it out (carrier notes 15). */
  packageType: z.string().nullish(),
})
export type BookingPackage = z.input<typeof bookingPackageSchema>

/** At most 50 packages per consignment (carrier notes 15). */
export const MAX_BOOKING_PACKAGES = 50

export const bookingConsignmentSchema = z.strictObject({
  /** Ties the packages of one order together; echoed in the response. */
  correlationId: text(),
  /** When the order is ready for transport; the label is valid 52 weeks after the order. */
  shippingDateTime: bookingDateTime,
  /** Preferred delivery, for PA_DOREN, 5600 and OIL_EXPRESS. */
  customerSpecifiedDeliveryDateTime: bookingDateTime.optional(),
  parties: bookingPartiesSchema,
  product: bookingProductSchema,
  purchaseOrder: z.strictObject({ purchaseOrderNumber: text(35) }).nullish(),
  packages: z
    .array(bookingPackageSchema)
    .min(1, "at least one package is required")
    .max(MAX_BOOKING_PACKAGES, `at most ${MAX_BOOKING_PACKAGES} packages`),
  /** QR codes for return services, one per package. */
  generateQrCodes: z.boolean().optional(),
  /** Free return label booked together with the outgoing shipment. */
  returnProduct: z.strictObject({ id: text() }).nullish(),
  /** The web shop's 7-digit VAT-on-e-commerce id, needed for import declarations. */
  vatOnEcommerce: z.number().int().min(1_000_000).max(9_999_999, "must have 7 digits").optional(),
})
export type BookingConsignment = z.input<typeof bookingConsignmentSchema>

export const bookingRequestSchema = z.strictObject({
  /** true: a test order, not sent to production and not invoiced. Always explicit (BOOK-INPUT-030). */
  testIndicator: z.boolean(),
  schemaVersion: z.literal(1).default(1),
  consignments: z
    .array(bookingConsignmentSchema)
    .length(1, "exactly one consignment per booking"),
})
export type BookingRequest = z.input<typeof bookingRequestSchema>

// ------------------------------------------------------------------ responses

const bookedPackageSchema = z.looseObject({
  correlationId: lenient(wireString),
  packageNumber: wireString,
  /** URL of a PNG, when generateQrCodes was true. */
  qrCodeLink: lenient(wireString),
  labelFreeCode: lenient(wireString),
})

/** The confirmation of a successful booking (carrier notes 14). */
export const bookingConfirmationSchema = z.looseObject({
  consignmentNumber: wireString,
  productSpecificData: z.unknown().optional(),
  links: lenient(
    z.looseObject({
      /** Absolute URL answering 302 to the PDF; see `BookingClient.downloadLabel`. */
      labels: lenient(wireString),
      tracking: lenient(wireString),
      /** Cargo only. */
      waybill: lenient(wireString),
    })
  ),
  dateAndTimes: lenient(
    z.looseObject({
      earliestPickup: wireDateTime,
      expectedDelivery: wireDateTime,
    })
  ),
  /** In the request's package order. */
  packages: lenientList(bookedPackageSchema),
  /** Only when returnProduct was sent. */
  returnConsignmentNumber: lenient(wireString),
  returnLinks: lenient(z.looseObject({ labels: lenient(wireString), tracking: lenient(wireString) })),
})
export type BookingConfirmation = z.output<typeof bookingConfirmationSchema>

/**
 * The envelope of every booking answer. `confirmation` is read separately, and only when there
 * are no errors, so that a refusal is reported as such even if its confirmation part is odd.
 */
export const bookingResponseSchema = z.looseObject({
  consignments: z
    .array(
      z.looseObject({
        correlationId: lenient(wireString),
        confirmation: z.unknown(),
        errors: lenientList(bookingErrorEntry),
      })
    )
    .min(1),
})

export const customersResponseSchema = z.looseObject({
  customers: lenientList(
    z.looseObject({
      name: lenient(wireString),
      /** Prefixed form, e.g. PARCELS_NORWAY-00000000005. */
      customerNumber: wireString,
      countryCode: lenient(wireString),
      /** Service codes. */
      products: lenientList(wireString),
    })
  ),
})
export type BookingCustomer = z.output<typeof customersResponseSchema>["customers"][number]

/** `GET /errors` (carrier notes 14). */
export const errorCatalogueResponseSchema = z.looseObject({
  errorTypes: lenientList(
    z.looseObject({
      code: wireString,
      message: lenient(wireString),
      /** Gets -SENDER or -RECIPIENT appended. */
      suffixable: lenient(wireBoolean),
    })
  ),
})
export type BookingErrorType = z.output<typeof errorCatalogueResponseSchema>["errorTypes"][number]
