import { startSandbox, type Sandbox } from ".."
import { api, jsonOf, type Api } from "./helpers"

const BASE = "/pickuppoint/api/postalCode"

describe("postal-code lookup", () => {
  let sandbox: Sandbox
  let client: Api

  beforeAll(async () => {
    sandbox = await startSandbox()
    client = api(sandbox)
  })
  afterAll(() => sandbox.close())

  it("answers city and type", async () => {
    expect((await jsonOf(client.get(`${BASE}/NO/getCityAndType/0150.json`))).body).toEqual({
      postalCode: { city: "OSLO", postalcode: "0150", postalCodeType: "NORMAL" },
    })
    expect((await jsonOf(client.get(`${BASE}/NO/getCityAndType/0101`))).body.postalCode.postalCodeType).toBe("PO_BOX")
    expect((await jsonOf(client.get(`${BASE}/DK/getCityAndType/1592`))).body.postalCode.postalCodeType).toBe("SPECIAL_CUSTOMER")
    expect((await jsonOf(client.get(`${BASE}/SE/getCityAndType/11122`))).body.postalCode.city).toBe("STOCKHOLM")
  })

  it("answers 404 NOT_FOUND for an unknown postal code", async () => {
    const { status, body } = await jsonOf(client.get(`${BASE}/NO/getCityAndType/9999`))
    expect(status).toBe(404)
    expect(body).toEqual({ fieldErrors: [{ code: "NOT_FOUND", message: expect.any(String), field: "postalCode" }] })
  })

  it("lists every city of a code with several", async () => {
    const { body } = await jsonOf(client.get(`${BASE}/NO/getCitiesAndTypes/1480`))
    expect(body.postalCode.map((p: any) => p.city)).toEqual(["SLATTUM", "NITTEDAL"])
  })

  it("lists all valid codes, including the carrier's test codes", async () => {
    const { body } = await jsonOf(client.get(`${BASE}/NO/getAllValidPostalCodes.json`))
    expect(body.postalCode).toEqual(expect.arrayContaining(["0951", "4050", "5004", "9600"]))
    expect(new Set(body.postalCode).size).toBe(body.postalCode.length)
    const svalbard = await jsonOf(client.get(`${BASE}/SJ/getAllValidPostalCodes`))
    expect(svalbard.body.postalCode).toEqual(["9170", "9171", "8099"])
    const details = await jsonOf(client.get(`${BASE}/FI/allValidPostalCodesDetails`))
    expect(details.body.postalCode).toContainEqual({ city: "TAMPERE", postalcode: "33100", postalCodeType: "NORMAL" })
  })

  it("answers XML for .xml and 400 for a country without a table", async () => {
    const xml = await (await client.get(`${BASE}/NO/getCitiesAndTypes/1480.xml`)).text()
    expect(xml).toContain("<postalCodes><postalCode><city>SLATTUM</city>")
    expect((await client.get(`${BASE}/DE/getAllValidPostalCodes`)).status).toBe(400)
  })
})
