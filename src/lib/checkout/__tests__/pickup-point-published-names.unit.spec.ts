import { pickupPointListSchema } from "../../carrier/schemas/pickup-points"
import { toStorePickupPoint } from "../pickup-point"

/**
 * The carrier's published pickup-point examples use other names than its interface document for
 * the same fields (carrier notes 11): `postenMapsLink` and `googleMapsLink` beside `carrierMapsLink`
 * and `webMapsLink`, and type 27 ("Pakkeautomat") for a Norwegian parcel locker. Both are read; the
 * document's names win when both are present. The examples below are written for this test.
 */
const point = (fields: Record<string, unknown>) => {
  const listing = pickupPointListSchema.parse({ pickupPoint: [{ id: "112233", name: "Kiosk Sentrum", countryCode: "NO", ...fields }] })
  return toStorePickupPoint(listing.pickupPoint[0], "NO")
}

describe("the carrier's published map-link names", () => {
  it.each([
    ["document: webMapsLink", { webMapsLink: "https://maps.example/web/1" }, "https://maps.example/web/1"],
    ["document: carrierMapsLink", { carrierMapsLink: "https://carrier.example/map/1" }, "https://carrier.example/map/1"],
    ["published: googleMapsLink", { googleMapsLink: "https://maps.example/google/1" }, "https://maps.example/google/1"],
    ["published: postenMapsLink", { postenMapsLink: "https://carrier.example/posten/1" }, "https://carrier.example/posten/1"],
    ["published: both", { postenMapsLink: "https://carrier.example/posten/1", googleMapsLink: "https://maps.example/google/1" }, "https://maps.example/google/1"],
    ["both namings: the document's win", { googleMapsLink: "https://maps.example/google/1", webMapsLink: "https://maps.example/web/1" }, "https://maps.example/web/1"],
    ["both namings: carrier's map, the document's win", { postenMapsLink: "https://carrier.example/posten/1", carrierMapsLink: "https://carrier.example/map/1" }, "https://carrier.example/map/1"],
    ["an empty document name does not hide the published one", { webMapsLink: "", googleMapsLink: "https://maps.example/google/1" }, "https://maps.example/google/1"],
    ["a link that is not http(s) is not shown", { googleMapsLink: "javascript:alert(1)" }, undefined],
    ["none", {}, undefined],
  ])("%s", (_name, fields, mapUrl) => {
    expect(point(fields).map_url).toBe(mapUrl)
  })
})

describe("lockers by the published type codes", () => {
  it.each([
    ["published Pakkeautomat, type 27", { type: "27", name: "Pakkeautomat Kiwi Sentrum" }, true],
    ["type 27 as a number", { type: 27 }, true],
    ["document's Norwegian locker code 37", { type: "37" }, true],
    ["a staffed point (type 1)", { type: "1" }, false],
    ["a staffed point without a type", {}, false],
    ["any point with locker dimensions", { type: "1", maxParcelDimensions: { length: 60, width: 50, height: 44 } }, true],
  ])("%s", (_name, fields, locker) => {
    expect(point(fields).is_locker).toBe(locker)
  })
})
