import type { BookingIssue } from "../errors"
import { isNonEmptyString, isRecord } from "../values"

/**
 * Customs declarations on a booking (carrier notes 33, 34). Export from Norway is mandatory
 * for the services that offer it; an import declaration is optional, but once used (lines or
 * `vatOnEcommerce` given) it must be complete.
 */

const NATURES_OF_TRANSACTION = ["SALE_OF_GOODS", "RETURNED_GOODS", "GIFT", "COMMERCIAL_SAMPLE", "DOCUMENTS", "OTHER"]

const IOSS_NUMBER = /^IM\d{10}$/

type LineField =
  | "quantity"
  | "goodsDescription"
  | "customsArticleNumber"
  | "itemNetWeightInKg"
  | "tariffLineAmount"
  | "currency"
  | "countryOfOrigin"

const SHARED_LINE_FIELDS: LineField[] = ["quantity", "goodsDescription", "itemNetWeightInKg", "tariffLineAmount", "currency"]
const EXPORT_LINE_FIELDS: LineField[] = [...SHARED_LINE_FIELDS, "countryOfOrigin"]
const IMPORT_LINE_FIELDS: LineField[] = [...SHARED_LINE_FIELDS, "customsArticleNumber"]

export interface CustomsInput {
  serviceId: string
  declarations: unknown
  senderReference: unknown
  vatOnEcommerce: unknown
}

export function checkExportDeclaration(input: CustomsInput): BookingIssue[] {
  const issues: BookingIssue[] = []
  const declarations = input.declarations
  if (!isRecord(declarations)) {
    issues.push(badRequest(`product.ediCustomsDeclarations is required for export from Norway with ${input.serviceId}`))
    return issues
  }
  const nature = declarations.natureOfTransaction
  if (!NATURES_OF_TRANSACTION.includes(nature as string)) {
    issues.push(badRequest(`product.ediCustomsDeclarations.natureOfTransaction is required (one of ${NATURES_OF_TRANSACTION.join(", ")})`))
  }
  issues.push(...checkLines(declarations.ediCustomsDeclaration, EXPORT_LINE_FIELDS))
  if (declarations.iossNumber !== undefined && declarations.iossNumber !== null) {
    if (typeof declarations.iossNumber !== "string" || !IOSS_NUMBER.test(declarations.iossNumber)) {
      issues.push(badRequest("product.ediCustomsDeclarations.iossNumber must be IM followed by 10 digits"))
    }
    if (nature !== "SALE_OF_GOODS") {
      issues.push({ code: "BOOK-VALIDATION-001", message: "iossNumber is only allowed with natureOfTransaction SALE_OF_GOODS" })
    }
    if (isNonEmptyString(input.senderReference)) {
      issues.push({ code: "BOOK-VALIDATION-001", message: "iossNumber cannot be combined with a reference on the sender" })
    }
  }
  return issues
}

/** Whether the booking uses the import facility at all (carrier notes 34: optional when not used). */
export function usesImportDeclaration(input: CustomsInput): boolean {
  const given = (value: unknown) => value !== undefined && value !== null
  return given(input.declarations) || given(input.vatOnEcommerce)
}

export function checkImportDeclaration(input: CustomsInput): BookingIssue[] {
  const issues: BookingIssue[] = []
  const vat = input.vatOnEcommerce
  const sevenDigits = typeof vat === "number" ? Number.isInteger(vat) && vat >= 1_000_000 && vat <= 9_999_999 : /^\d{7}$/.test(String(vat))
  if (!sevenDigits) {
    issues.push(badRequest("vatOnEcommerce (7 digits) is required for the import declaration"))
  }
  const declarations = input.declarations
  if (!isRecord(declarations)) {
    issues.push(badRequest("product.ediCustomsDeclarations with ediCustomsDeclaration lines is required for the import declaration"))
    return issues
  }
  const nature = declarations.natureOfTransaction
  if (nature !== undefined && nature !== null && nature !== "SALE_OF_GOODS") {
    issues.push({ code: "BOOK-VALIDATION-001", message: "natureOfTransaction must be SALE_OF_GOODS for an import declaration" })
  }
  issues.push(...checkLines(declarations.ediCustomsDeclaration, IMPORT_LINE_FIELDS))
  return issues
}

function checkLines(lines: unknown, required: LineField[]): BookingIssue[] {
  if (!Array.isArray(lines) || lines.length === 0) {
    return [badRequest("product.ediCustomsDeclarations.ediCustomsDeclaration must list at least one line")]
  }
  return lines.flatMap((line: unknown, index: number) => {
    const path = `product.ediCustomsDeclarations.ediCustomsDeclaration[${index}]`
    if (!isRecord(line)) return [badRequest(`${path} must be an object`)]
    // The carrier spells the amount tarriffLineAmount (export) and tariffLineAmount (import); both are read.
    const values: Record<LineField, unknown> = {
      quantity: line.quantity,
      goodsDescription: line.goodsDescription,
      customsArticleNumber: line.customsArticleNumber,
      itemNetWeightInKg: line.itemNetWeightInKg,
      tariffLineAmount: line.tarriffLineAmount ?? line.tariffLineAmount,
      currency: line.currency,
      countryOfOrigin: line.countryOfOrigin,
    }
    const checks: Record<LineField, (value: unknown) => boolean> = {
      quantity: (v) => Number.isInteger(v) && (v as number) > 0,
      goodsDescription: isNonEmptyString,
      customsArticleNumber: isNonEmptyString,
      itemNetWeightInKg: (v) => typeof v === "number" && v > 0,
      tariffLineAmount: (v) => typeof v === "number" && v >= 0,
      currency: (v) => typeof v === "string" && /^[A-Z]{3}$/.test(v),
      countryOfOrigin: (v) => typeof v === "string" && /^[A-Z]{2}$/.test(v),
    }
    return (Object.keys(values) as LineField[]).flatMap((field) => {
      const value = values[field]
      const given = value !== undefined && value !== null
      if (!given && !required.includes(field)) return []
      if (given && checks[field](value)) return []
      const name = field === "tariffLineAmount" ? "tarriffLineAmount" : field
      return [badRequest(`${path}.${name} is ${given ? "invalid" : "required"}`)]
    })
  })
}

function badRequest(message: string): BookingIssue {
  return { code: "BOOK-INPUT-001", message }
}
