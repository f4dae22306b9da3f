import { randomUUID } from "node:crypto"
import type { Clock } from "../clock"
import { agreementServices, findCustomer } from "../data/customers"
import { findService, parcelFits, servesRoute, type CarrierService } from "../data/services"
import { toOslo } from "../dates"
import { fieldErrorResponse } from "../errors"
import { json, text, type HttpResponse } from "../http"
import { ESTIMATED_ARRIVAL_SERVICES, estimateDelivery, estimatedDeliveryTimesJson, expectedDeliveryJson, quote } from "../pricing"
import type { AuthenticatedContext, Route } from "../router"
import type { SandboxUser } from "../types"
import { parseLookupBody, parseLookupQuery, type LookupConsignment, type LookupOptions, type ParsedLookup } from "./shipping-request"

/** Shipping price and delivery-time lookup, v2 (carrier notes 7, 8, 9). */

export function shippingRoutes(clock: Clock): Route[] {
  const answer = (ctx: AuthenticatedContext, parsed: ParsedLookup): HttpResponse =>
    parsed.ok ? json(200, lookup(parsed.consignments, parsed.options, ctx.user, clock)) : fieldErrorResponse(400, parsed.errors)
  const getVariant = (pattern: string, options: Pick<LookupOptions, "withPrice" | "withExpectedDelivery">): Route => ({
    method: "GET",
    pattern,
    group: "shipping",
    errorStyle: "lookup",
    rateLimit: "shipping",
    handle: (ctx) => answer(ctx, parseLookupQuery(ctx.query, options)),
  })
  return [
    {
      method: "POST",
      pattern: "/shippingguide/v2/products",
      group: "shipping",
      errorStyle: "lookup",
      rateLimit: "shipping",
      handle: (ctx) => answer(ctx, parseLookupBody(ctx.body)),
    },
    getVariant("/shippingguide/v2/products", { withPrice: true, withExpectedDelivery: true }),
    getVariant("/shippingguide/v2/products/price", { withPrice: true, withExpectedDelivery: false }),
    getVariant("/shippingguide/v2/products/expectedDelivery", { withPrice: false, withExpectedDelivery: true }),
    // The SOAP form and the older interface are documented but unused by the plugin.
    notEmulated("POST", "/shippingguide/api/ws", "The SOAP shipping lookup"),
    ...["price", "expectedDelivery", "all"].map((name) =>
      notEmulated("GET", `/shippingguide/products/${name}`, "The older shipping lookup interface")
    ),
  ]
}

function notEmulated(method: "GET" | "POST", pattern: string, what: string): Route {
  return { method, pattern, group: "shipping", errorStyle: "lookup", handle: () => text(501, `${what} is not emulated by the sandbox`) }
}

type ProductEntry = Record<string, unknown>

function lookup(consignments: LookupConsignment[], options: LookupOptions, user: SandboxUser, clock: Clock) {
  const traceMessages: string[] = []
  const answered = consignments.map((consignment) => {
    const entries = consignment.products.map((product) => productEntry(consignment, product, options, user, clock, traceMessages))
    // The carrier's behaviour: when no requested service applies, the result contains no services at all.
    const anyApplies = entries.some((entry) => entry !== "too-big" && !("errors" in entry))
    const products = anyApplies ? entries.filter((entry): entry is ProductEntry => entry !== "too-big") : []
    return { id: consignment.id, products }
  })
  return { ...(options.trace ? { traceMessages } : {}), uniqueId: randomUUID(), consignments: answered }
}

function productEntry(
  consignment: LookupConsignment,
  product: { id: string; customerNumber?: string },
  options: LookupOptions,
  user: SandboxUser,
  clock: Clock,
  trace: string[]
): ProductEntry | "too-big" {
  const service = findService(product.id)
  const head = { id: product.id, ...(product.customerNumber ? { customerNumber: product.customerNumber } : {}) }
  if (!service) return { ...head, errors: [{ code: "UNKNOWN_PRODUCT", description: "Unknown product" }] }
  if (!servesRoute(service, consignment.from.country.code, consignment.to.country.code)) {
    return { ...head, errors: [{ code: "INVALID_COUNTRY_PAIR", description: "Invalid country pair for product" }] }
  }
  if (service.deliveryType === "HOME" && consignment.to.area?.remote) {
    return { ...head, errors: [{ code: "OUTSIDE_COVERAGE_AREA", description: "Outside of coverage area for product" }] }
  }
  if (consignment.packages.length > service.maxPackages || !consignment.packages.every((p) => parcelFits(service, p))) {
    trace.push(`${service.id}: the shipment exceeds the service's weight or size limits`)
    return "too-big"
  }

  const entry: ProductEntry = { ...head, productionCode: service.productionCode }
  if (options.withGuiInformation) entry.guiInformation = guiInformation(service)
  const priced = quote({
    service,
    from: consignment.from,
    to: consignment.to,
    packages: consignment.packages,
    additionalServices: consignment.additionalServices,
    postingAtPostOffice: consignment.postingAtPostOffice,
  })
  trace.push(...priced.notes)
  if (options.withPrice) {
    const agreement = hasAgreement(user, product.customerNumber, service)
    if (product.customerNumber && !agreement) {
      trace.push(`${service.id}: customer number ${product.customerNumber} gives no agreement price for this user and service`)
    }
    entry.price = {
      listPrice: priced.listPrice,
      ...(agreement ? { netPrice: priced.netPrice } : {}),
      zones: { totalZoneCount: priced.zones },
    }
  }
  if (options.withExpectedDelivery) {
    const shippingDate = consignment.shippingDate ?? toOslo(clock.now()).date
    const estimate = estimateDelivery(service, priced.zones, shippingDate)
    entry.expectedDelivery = expectedDeliveryJson(estimate, service.id, options.alternativeDeliveryDates, shippingDate)
    if (options.withEstimatedDeliveryTime && consignment.pickupPoints.length > 0 && ESTIMATED_ARRIVAL_SERVICES.includes(service.id)) {
      entry.estimatedDeliveryTimes = estimatedDeliveryTimesJson(consignment.pickupPoints, estimate.date)
    }
  }
  return entry
}

/** carrier notes 9 and lookup "Authentication" 3: net prices need a customer number of the user with the service in its agreement. */
function hasAgreement(user: SandboxUser, customerNumber: string | undefined, service: CarrierService): boolean {
  const customer = findCustomer(customerNumber)
  return !!customer && user.customerNumbers.includes(customer.customerNumber) && agreementServices(customer).includes(service.id)
}

/** carrier notes 9: lowerCamel forms of the SOAP GuiInformation names, all strings. */
function guiInformation(service: CarrierService) {
  const { gui } = service
  return {
    sortOrder: String(gui.sortOrder),
    mainDisplayCategory: gui.mainDisplayCategory,
    subDisplayCategory: gui.subDisplayCategory,
    displayName: gui.displayName,
    productName: gui.productName,
    descriptionText: gui.descriptionText,
    helpText: gui.helpText,
    shortName: gui.shortName,
    productURL: `https://carrier.example/tjenester/${encodeURIComponent(service.id)}`,
    deliveryType: gui.deliveryType,
    maxWeightInKgs: String(service.maxWeightKg),
  }
}
