import { clone } from "./helpers"

/**
 * Valid booking requests the tests start from. Pickup-point ids follow the sandbox's generated
 * data: <country digit><postal code><1..4>, so "150031" is the first (manned) point of NO 5003.
 */

export const OSLO_SENDER = {
  name: "Nordic Shop AS",
  addressLine: "Storgata 1",
  postalCode: "0150",
  city: "OSLO",
  countryCode: "NO",
  reference: "ORDER-1001",
  contact: { name: "Lager", email: "lager@shop.test", phoneNumber: "+4712345678" },
}

export const BERGEN_RECIPIENT = {
  name: "Kari Nordmann",
  addressLine: "Bryggen 5",
  postalCode: "5003",
  city: "BERGEN",
  countryCode: "NO",
  contact: { name: "Kari Nordmann", email: "kari@example.test", phoneNumber: "+4791234567" },
}

export const GOTEBORG_RECIPIENT = {
  name: "Sven Svensson",
  addressLine: "Kungsgatan 12",
  postalCode: "41101",
  city: "GÖTEBORG",
  countryCode: "SE",
  contact: { name: "Sven Svensson", email: "sven@example.test", phoneNumber: "+46701234567" },
}

export const STOCKHOLM_SENDER = {
  name: "Svensk Butik AB",
  addressLine: "Drottninggatan 1",
  postalCode: "11122",
  city: "STOCKHOLM",
  countryCode: "SE",
  contact: { name: "Lager", email: "lager@butik.test", phoneNumber: "+46812345678" },
}

export const BERLIN_SENDER = {
  name: "Deutscher Shop GmbH",
  addressLine: "Unter den Linden 1",
  postalCode: "10117",
  city: "BERLIN",
  countryCode: "DE",
  contact: { name: "Lager", email: "lager@shop.de", phoneNumber: "+49301234567" },
}

export const BERGEN_PICKUP_POINT = { id: "150031", countryCode: "NO" }

/** Requests are plain JSON that the tests mutate freely, so they are typed loosely. */
export type BookingRequest = Record<string, any> & { consignments: Record<string, any>[] }

/** SERVICEPAKKE from Oslo to a pickup point in Bergen, customer 5: the base of the rules table. */
export function servicepakkeRequest(): BookingRequest {
  return {
    testIndicator: true,
    schemaVersion: 1,
    consignments: [
      {
        correlationId: "ORDER-1001",
        shippingDateTime: "2026-11-23T10:00:00",
        parties: { sender: clone(OSLO_SENDER), recipient: clone(BERGEN_RECIPIENT), pickupPoint: clone(BERGEN_PICKUP_POINT) },
        product: { id: "SERVICEPAKKE", customerNumber: "5" },
        packages: [
          { correlationId: "PKG-1", weightInKg: 1.2, goodsDescription: "Klær", dimensions: { lengthInCm: 30, widthInCm: 20, heightInCm: 10 } },
        ],
      },
    ],
  }
}

export const EXPORT_LINE = {
  quantity: 2,
  goodsDescription: "T-skjorte",
  customsArticleNumber: "61091000",
  itemNetWeightInKg: 0.4,
  tarriffLineAmount: 300,
  currency: "NOK",
  countryOfOrigin: "NO",
}

/** BUSINESS_PARCEL export from Oslo to Göteborg with a customs declaration, customer 6. */
export function exportRequest(): BookingRequest {
  const request = servicepakkeRequest()
  const consignment = request.consignments[0]
  consignment.parties = { sender: clone(OSLO_SENDER), recipient: clone(GOTEBORG_RECIPIENT) }
  consignment.product = {
    id: "BUSINESS_PARCEL",
    customerNumber: "6",
    ediCustomsDeclarations: { natureOfTransaction: "SALE_OF_GOODS", ediCustomsDeclaration: [clone(EXPORT_LINE)] },
  }
  return request
}

/** PICKUP_PARCEL_BULK import from Berlin to a Bergen pickup point with an import declaration, customer 6. */
export function importRequest(): BookingRequest {
  const request = servicepakkeRequest()
  const consignment = request.consignments[0]
  consignment.parties = { sender: clone(BERLIN_SENDER), recipient: clone(BERGEN_RECIPIENT), pickupPoint: clone(BERGEN_PICKUP_POINT) }
  consignment.product = {
    id: "PICKUP_PARCEL_BULK",
    customerNumber: "6",
    ediCustomsDeclarations: {
      natureOfTransaction: "SALE_OF_GOODS",
      // The import list spells the amount tariffLineAmount.
      ediCustomsDeclaration: [{ ...clone(EXPORT_LINE), tarriffLineAmount: undefined, tariffLineAmount: 300, currency: "EUR", countryOfOrigin: "DE" }],
    },
  }
  consignment.vatOnEcommerce = 1234567
  return request
}

/** Replaces the product (and drops the pickup point, which only pickup-point services take). */
export function withProduct(request: BookingRequest, product: Record<string, unknown>, keepPickupPoint = false): Record<string, any> {
  const consignment = request.consignments[0]
  consignment.product = product
  if (!keepPickupPoint) delete consignment.parties.pickupPoint
  return consignment
}
