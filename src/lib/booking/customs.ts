import type { BookingConsignment, CustomsDeclarationLine } from "../carrier"
import { natureOfTransactionValues } from "../carrier/schemas/booking"
import { VAT_ON_ECOMMERCE_PATTERN } from "../options"
import { toGrams } from "../packing/units"
import { present, type BookingInput, type BookingItem, type BookingProblem } from "./booking-input"
import { shortenDescription } from "./field-limits"
import { isReachable, type Parties } from "./parties"

/**
 * Customs declarations on the booking (carrier notes 33, 34). Everything customs needs is
 * checked here, before anything is sent, and every gap names the product and the Medusa field,
 * because the carrier's own refusal would only name a line number.
 */

type CustomsDeclarations = NonNullable<BookingConsignment["product"]["ediCustomsDeclarations"]>
export type CustomsPart = { ediCustomsDeclarations?: CustomsDeclarations; vatOnEcommerce?: number }

/** Norway to abroad (carrier notes 33). */
const EXPORT_SERVICES = ["BUSINESS_PARCEL", "PICKUP_PARCEL"]
/** Abroad to Norway (carrier notes 34). */
const IMPORT_SERVICES = ["PICKUP_PARCEL", "PICKUP_PARCEL_BULK", "HOME_DELIVERY_PARCEL"]

type NatureOfTransaction = (typeof natureOfTransactionValues)[number]
const SALE_OF_GOODS: NatureOfTransaction = "SALE_OF_GOODS"

type Declaration = {
  /** "a customs declaration to SE (export with PICKUP_PARCEL)", the reason in every message. */
  purpose: string
} & ({ direction: "export" } | { direction: "import"; vatOnEcommerce: string })

export function customsPart(input: BookingInput, parties: Parties, problems: BookingProblem[]): CustomsPart {
  const declaration = declarationFor(input, parties)
  if (!declaration) {
    return {}
  }
  const lines = input.items.map((item, index) => customsLine(input, item, index, declaration, problems))
  if (declaration.direction === "import") {
    return importDeclaration(input, declaration.vatOnEcommerce, lines, problems)
  }
  if (!isReachable(parties.recipient)) {
    problems.push({
      field: "order.email",
      message: `order: an e-mail (order email) or phone (delivery_address.phone) is required for ${declaration.purpose}`,
    })
  }
  return exportDeclaration(input, lines, problems)
}

/**
 * Export is required whenever the service and route call for it. Import is a facility the merchant
 * opts into by setting the VOEC number (carrier notes 34: optional when the facility is not used); without
 * it the parcel goes through the carrier's ordinary customs clearance.
 */
function declarationFor(input: BookingInput, { sender, recipient }: Parties): Declaration | undefined {
  const { code } = input.service
  const from = sender.countryCode
  const to = recipient.countryCode
  if (from === "NO" && to !== "NO" && EXPORT_SERVICES.includes(code)) {
    return { direction: "export", purpose: `a customs declaration to ${to} (export with ${code})` }
  }
  const vatOnEcommerce = present(input.customs?.vatOnEcommerce)
  if (from !== "NO" && to === "NO" && IMPORT_SERVICES.includes(code) && vatOnEcommerce) {
    return { direction: "import", vatOnEcommerce, purpose: `a customs declaration from ${from} (import with ${code})` }
  }
  return undefined
}

/**
 * One line per order item. Export needs the country of origin, import the customs tariff number;
 * the line's amount is spelt tarriffLineAmount in the export list and tariffLineAmount in the
 * import list, and the client's schema takes exactly one of them.
 */
function customsLine(
  input: BookingInput,
  item: BookingItem,
  index: number,
  { direction, purpose }: Declaration,
  problems: BookingProblem[]
): CustomsDeclarationLine {
  const sku = present(item.variant?.sku)
  const product = `product "${item.title}"${sku ? ` (variant ${sku})` : ""}`
  const refuse = (field: string, message: string) =>
    problems.push({ field: `items[${index}].${field}`, message: `${product}: ${message} for ${purpose}` })

  const hsCode = present(item.variant?.hs_code) ?? present(item.product?.hs_code)
  if (!hsCode && direction === "import") {
    refuse("hs_code", "hs_code is required")
  }
  const originAsStored = present(item.variant?.origin_country) ?? present(item.product?.origin_country)
  const origin = originAsStored?.toUpperCase()
  if (!origin && direction === "export") {
    refuse("origin_country", "origin_country is required")
  } else if (origin && !/^[A-Z]{2}$/.test(origin)) {
    refuse("origin_country", `origin_country "${originAsStored}" must be a two-letter ISO country code`)
  }
  // Declared net weight must be the product's own; the packing default weight is only an estimate.
  const unitWeight = positive(item.variant?.weight) ?? positive(item.product?.weight)
  if (unitWeight === undefined) {
    refuse("weight", "weight (on the variant or the product) is required")
  }

  const amount = Math.round(item.unit_price * item.quantity * 100) / 100
  return {
    quantity: item.quantity,
    goodsDescription: shortenDescription(item.title),
    ...(hsCode ? { customsArticleNumber: hsCode } : {}),
    itemNetWeightInKg: netWeightInKg((unitWeight ?? 0) * item.quantity, input),
    ...(direction === "export" ? { tarriffLineAmount: amount } : { tariffLineAmount: amount }),
    currency: input.currencyCode.toUpperCase(),
    ...(origin ? { countryOfOrigin: origin } : {}),
  }
}

/** Kilograms to the gram; at least one gram, since the carrier takes no weightless line. */
function netWeightInKg(weight: number, input: BookingInput): number {
  return Math.max(1, Math.round(toGrams(weight, input.packaging.weightUnit))) / 1000
}

function positive(value: number | null | undefined): number | undefined {
  return typeof value === "number" && value > 0 ? value : undefined
}

/**
 * Carrier notes 33: natureOfTransaction is required (SALE_OF_GOODS unless configured); the IOSS number only
 * with SALE_OF_GOODS and never with a sender reference, which this mapper never sets.
 */
function exportDeclaration(input: BookingInput, lines: CustomsDeclarationLine[], problems: BookingProblem[]): CustomsPart {
  const configured = present(input.customs?.natureOfTransaction) ?? SALE_OF_GOODS
  const natureOfTransaction = natureOfTransactionValues.find((value) => value === configured)
  if (!natureOfTransaction) {
    problems.push({
      field: "customs.natureOfTransaction",
      message: `options: customs.natureOfTransaction "${configured}" must be one of ${natureOfTransactionValues.join(", ")}`,
    })
  }
  const iossNumber = present(input.customs?.iossNumber)
  if (iossNumber && !/^IM\d{10}$/.test(iossNumber)) {
    problems.push({ field: "customs.iossNumber", message: `options: customs.iossNumber "${iossNumber}" must be IM followed by 10 digits` })
  }
  if (iossNumber && natureOfTransaction && natureOfTransaction !== SALE_OF_GOODS) {
    problems.push({
      field: "customs.iossNumber",
      message: `options: customs.iossNumber is allowed only with natureOfTransaction SALE_OF_GOODS, not ${natureOfTransaction}`,
    })
  }
  return {
    ediCustomsDeclarations: {
      natureOfTransaction: natureOfTransaction ?? SALE_OF_GOODS,
      ...(iossNumber ? { iossNumber } : {}),
      ediCustomsDeclaration: lines,
    },
  }
}

/**
 * Carrier notes 34: natureOfTransaction may only be SALE_OF_GOODS; the VOEC number goes on the consignment.
 * The IOSS number is the EU's scheme and has no place in an import to Norway.
 */
function importDeclaration(
  input: BookingInput,
  vatOnEcommerce: string,
  lines: CustomsDeclarationLine[],
  problems: BookingProblem[]
): CustomsPart {
  const configured = present(input.customs?.natureOfTransaction)
  if (configured && configured !== SALE_OF_GOODS) {
    problems.push({
      field: "customs.natureOfTransaction",
      message: `options: customs.natureOfTransaction must be SALE_OF_GOODS for an import declaration to Norway, not ${configured}`,
    })
  }
  if (!VAT_ON_ECOMMERCE_PATTERN.test(vatOnEcommerce)) {
    problems.push({
      field: "customs.vatOnEcommerce",
      message: `options: customs.vatOnEcommerce "${vatOnEcommerce}" must be the shop's 7-digit VOEC number`,
    })
  }
  return {
    ediCustomsDeclarations: { natureOfTransaction: SALE_OF_GOODS, ediCustomsDeclaration: lines },
    vatOnEcommerce: Number(vatOnEcommerce),
  }
}
