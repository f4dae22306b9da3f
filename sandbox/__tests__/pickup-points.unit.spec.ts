import { LOCKER_MAX_PARCEL_DIMENSIONS, PICKUP_POINTS, startSandbox, type Sandbox } from ".."
import { api, jsonOf, type Api } from "./helpers"

const BASE = "/pickuppoint/api/pickuppoint"

describe("pickup-point lookup", () => {
  let sandbox: Sandbox
  let client: Api

  beforeAll(async () => {
    sandbox = await startSandbox()
    client = api(sandbox)
  })
  afterAll(() => sandbox.close())

  async function points(path: string): Promise<any[]> {
    const { status, body } = await jsonOf(client.get(`${BASE}${path}`))
    expect(status).toBe(200)
    return body.pickupPoint
  }
  const distances = (list: any[]) => list.map((p) => Number(p.distanceInKm))

  it("lists 10 points by default, nearest first, with the record fields", async () => {
    const list = await points("/NO/postalCode/0150.json")
    expect(list).toHaveLength(10)
    expect(distances(list)).toEqual([...distances(list)].sort((a, b) => a - b))
    expect(list[0]).toMatchObject({
      countryCode: "NO",
      distanceType: "DRIVING_DISTANCE",
      openingHoursNorwegian: expect.stringMatching(/^Man-/),
      routeMapsLink: expect.stringContaining(`${sandbox.url}/pickuppoint/map/route?origlat=`),
    })
    for (const field of ["id", "unitId", "name", "address", "postalCode", "city", "municipality", "county", "visitingAddress", "utmX", "utmY", "type"]) {
      expect(typeof list[0][field]).toBe("string")
    }
    expect(typeof list[0].latitude).toBe("number")
    // Per-day opening hours come only with the lookup by id.
    expect(list.filter((p) => "openingHours" in p)).toEqual([])
    const [byId] = await points(`/NO/id/${list[0].id}`)
    expect(byId.openingHours).toEqual(
      expect.arrayContaining([{ day: "MONDAY", opening: expect.stringMatching(/^\d{4}$/), closing: expect.stringMatching(/^\d{4}$/) }])
    )
  })

  it("gives most manned points a PO box as postal address, apart from the visiting (street) address", async () => {
    const manned = await points("/NO/postalCode/0150?pickupPointType=manned&numberOfResponses=20")
    const boxes = manned.filter((p) => p.address.startsWith("POSTBOKS "))
    expect(boxes.length).toBeGreaterThan(manned.length / 2)
    for (const point of boxes) {
      expect(point.visitingAddress).not.toMatch(/POSTBOKS/)
      expect(point.visitingAddress).not.toBe(point.address)
      expect(point.city).toBe(point.visitingCity)
    }
    // In Oslo the PO boxes have their own postal code.
    const oslo = boxes.filter((p) => p.visitingCity === "OSLO")
    expect(oslo.length).toBeGreaterThan(0)
    for (const point of oslo) {
      expect(point.postalCode).toBe("0101")
      expect(point.visitingPostalCode).not.toBe("0101")
    }
    const lockers = await points("/NO/postalCode/0150?pickupPointType=locker")
    for (const point of lockers) expect(point.address).toBe(point.visitingAddress)
  })

  it("limits, filters by type and gives lockers their maximum parcel size", async () => {
    expect(await points("/NO/postalCode/0150?numberOfResponses=3")).toHaveLength(3)
    const lockers = await points("/NO/postalCode/0150?pickupPointType=locker")
    const manned = await points("/NO/postalCode/0150?pickupPointType=manned")
    expect(lockers.map((p) => p.type)).toEqual(lockers.map(() => "37"))
    expect(lockers.map((p) => p.maxParcelDimensions)).toEqual(lockers.map(() => ({ length: 44, width: 50, height: 60 })))
    expect(LOCKER_MAX_PARCEL_DIMENSIONS).toEqual({ length: 44, width: 50, height: 60 })
    expect(manned.length).toBeGreaterThan(0)
    expect(manned.filter((p) => "maxParcelDimensions" in p)).toEqual([])
  })

  it("filters by opening hours", async () => {
    const late = await points("/NO/postalCode/0150?openOnOrAfter=2230")
    expect(late.length).toBeGreaterThan(0)
    for (const listed of late) {
      const [point] = await points(`/NO/id/${listed.id}`)
      const weekdays = point.openingHours.filter((h: any) => !["SATURDAY", "SUNDAY"].includes(h.day))
      expect(weekdays).toHaveLength(5)
      for (const day of weekdays) expect(day.closing >= "2230").toBe(true)
    }
    const earlySunday = await points("/NO/postalCode/0150?openOnOrBefore=0630&openingHoursSearchType=SUNDAY")
    expect(earlySunday.length).toBeGreaterThan(0)
    for (const listed of earlySunday) {
      const [point] = await points(`/NO/id/${listed.id}`)
      expect(point.openingHours.find((h: any) => h.day === "SUNDAY").opening <= "0630").toBe(true)
    }
  })

  it("searches text and moves nearer a street address", async () => {
    const found = await points("/NO/postalCode/0565?searchForText=pakkeautomat")
    expect(found.length).toBeGreaterThan(0)
    for (const point of found) expect(point.name.toLowerCase()).toContain("pakkeautomat")
    const byPostalCode = await points("/NO/postalCode/0565")
    const byStreet = await points("/NO/postalCode/0565?street=Thorvald%20Meyers%20gate&streetNumber=40")
    expect(byStreet.map((p) => p.distanceInKm)).not.toEqual(byPostalCode.map((p) => p.distanceInKm))
  })

  it("answers 400 fieldErrors for a bad country, HHmm value or type", async () => {
    for (const path of ["/DE/postalCode/10115", "/NO/postalCode/0150?openOnOrAfter=2460", "/NO/postalCode/0150?pickupPointType=drone"]) {
      const { status, body } = await jsonOf(client.get(`${BASE}${path}`))
      expect(status).toBe(400)
      expect(body.fieldErrors[0].code).toBe("INVALID_ARGUMENT")
    }
  })

  it("answers an empty list for unknown or unserved postal codes", async () => {
    expect(await points("/NO/postalCode/9999")).toEqual([])
    expect(await points("/NO/postalCode/0101")).toEqual([])
  })

  it("finds points by location, nearest first, and refuses bad coordinates", async () => {
    const list = await points("/SE/location/59.3326,18.0649.json?numberOfResponses=5")
    expect(list).toHaveLength(5)
    expect(list.every((p) => p.countryCode === "SE")).toBe(true)
    expect(distances(list)).toEqual([...distances(list)].sort((a, b) => a - b))
    const { status } = await jsonOf(client.get(`${BASE}/NO/location/95.0,10.0`))
    expect(status).toBe(400)
  })

  it("looks a point up by id as a one-element list, 404 when unknown", async () => {
    const [locker] = await points("/NO/id/101502")
    expect(locker).toMatchObject({ id: "101502", postalCode: "0150", distanceInKm: "", maxParcelDimensions: { length: 44, width: 50, height: 60 } })
    const { status, body } = await jsonOf(client.get(`${BASE}/NO/id/999999`))
    expect(status).toBe(404)
    expect(body.fieldErrors[0]).toMatchObject({ code: "NOT_FOUND", field: "id" })
  })

  it("lists a whole country and the default point of a postal code", async () => {
    const lockers = await points("/DK/all?pickupPointType=locker")
    expect(lockers.length).toBe(PICKUP_POINTS.filter((p) => p.countryCode === "DK" && p.kind === "locker").length)
    expect(lockers.every((p) => p.type === "43")).toBe(true)
    const defaults = await points("/FI/postalCode/00100/default")
    expect(defaults).toHaveLength(1)
    expect(["Posti", "Noutopiste"]).toContain(defaults[0].type)
  })

  it("answers XML for .xml and JSONP with a callback", async () => {
    const xml = await (await client.get(`${BASE}/NO/postalCode/0150.xml?numberOfResponses=1`)).text()
    expect(xml).toMatch(/^<\?xml[^>]*\?><pickupPoints><pickupPoint><id>\d+<\/id>/)
    const jsonp = await (await client.get(`${BASE}/NO/postalCode/0150.json?numberOfResponses=1&callback=show`)).text()
    expect(jsonp).toMatch(/^show\(\{"pickupPoint":\[/)
  })
})
