import { BOOKING_ERROR_TYPES, DEMO_CREDENTIALS, startSandbox, type Sandbox } from ".."
import { exportRequest, GOTEBORG_RECIPIENT, servicepakkeRequest, withProduct, type BookingRequest } from "./booking-fixtures"
import { api, clone, jsonOf, type Api } from "./helpers"

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"

describe("booking service", () => {
  let sandbox: Sandbox
  let client: Api

  beforeAll(async () => {
    sandbox = await startSandbox({
      startAt: new Date("2026-11-23T08:00:00Z"),
      users: [
        { ...DEMO_CREDENTIALS, customerNumbers: ["5", "6", "7"], admin: true },
        { apiUid: "limited@shop.test", apiKey: "limited-key", customerNumbers: ["5"] },
      ],
    })
    client = api(sandbox)
  })
  beforeEach(() => sandbox.reset())
  afterAll(() => sandbox.close())

  async function book(request: BookingRequest) {
    const { status, body } = await jsonOf(client.post("/booking/api/booking", request))
    expect({ status, errors: body.consignments[0].errors }).toEqual({ status: 200, errors: null })
    return body.consignments[0]
  }

  /** The confirmation every successful booking carries. */
  function expectConfirmationShape(entry: any, packageNumber: RegExp) {
    const { confirmation } = entry
    const number = confirmation.consignmentNumber
    expect(number).toMatch(/^\d{17}$/)
    expect(confirmation.productSpecificData).toBeNull()
    expect(confirmation.links.labels).toMatch(new RegExp(`^${sandbox.url}/booking/labels/${number}\\?auth-token=${UUID}$`))
    expect(confirmation.links.tracking).toBe(`${sandbox.url}/tracking/${number}`)
    // Epoch milliseconds, as the carrier sends them.
    expect(Number.isInteger(confirmation.dateAndTimes.earliestPickup)).toBe(true)
    expect(Number.isInteger(confirmation.dateAndTimes.expectedDelivery)).toBe(true)
    for (const pkg of confirmation.packages) expect(pkg.packageNumber).toMatch(packageNumber)
  }

  it("books home delivery with PA_DOREN", async () => {
    const request = servicepakkeRequest()
    withProduct(request, { id: "PA_DOREN", customerNumber: "5", additionalServices: [{ id: "EVARSLING", mobile: "+4791234567" }] })
    const entry = await book(request)

    expectConfirmationShape(entry, /^3704\d{14}$/)
    expect(entry.correlationId).toBe("ORDER-1001")
    expect(entry.confirmation.links.waybill).toBeNull()
    expect(entry.confirmation.packages).toEqual([{ correlationId: "PKG-1", packageNumber: expect.any(String), qrCodeLink: null }])
    expect(entry.confirmation).not.toHaveProperty("returnConsignmentNumber")
    expect(entry.confirmation).not.toHaveProperty("returnLinks")
    // Monday 10:00 in Oslo, Oslo → Bergen is zone 3: two working days.
    expect(entry.confirmation.dateAndTimes).toEqual({
      earliestPickup: Date.parse("2026-11-23T10:00:00+01:00"),
      expectedDelivery: Date.parse("2026-11-25T00:00:00+01:00"),
    })
  })

  it("books SERVICEPAKKE to a pickup point and stores the test booking", async () => {
    const request = servicepakkeRequest()
    const entry = await book(request)

    expectConfirmationShape(entry, /^3704\d{14}$/)
    expect(sandbox.bookings).toEqual([
      {
        request: request.consignments[0],
        consignmentNumber: entry.confirmation.consignmentNumber,
        packageNumbers: [entry.confirmation.packages[0].packageNumber],
        customerNumber: "5",
        test: true,
        at: sandbox.clock.now(),
      },
    ])
  })

  it("issues sequential numbers with valid check digits, starting again after reset", async () => {
    const first = await book(servicepakkeRequest())
    const second = await book(servicepakkeRequest())
    // Check digits worked out by hand with the GS1 mod-10 rule.
    expect(first.confirmation.consignmentNumber).toBe("70438100000000016")
    expect(first.confirmation.packages[0].packageNumber).toBe("370438100000000017")
    expect(second.confirmation.consignmentNumber).toBe("70438100000000023")
    sandbox.reset()
    expect((await book(servicepakkeRequest())).confirmation.consignmentNumber).toBe("70438100000000016")
  })

  it("books a 3584 mailbox parcel with an S10 package number", async () => {
    const request = servicepakkeRequest()
    withProduct(request, { id: "3584", customerNumber: "5" })
    request.consignments[0].packages[0].dimensions = { lengthInCm: 30, widthInCm: 20, heightInCm: 5 }
    const entry = await book(request)
    expectConfirmationShape(entry, /^LA\d{9}NO$/)
    // S10 check digit of serial 10000001: 11 − (8·1 + 7·1) mod 11 = 7.
    expect(entry.confirmation.packages[0].packageNumber).toBe("LA100000017NO")
  })

  it("books an export to Sweden with customs lines", async () => {
    const request = exportRequest()
    request.consignments[0].parties.pickupPoint = { id: "2411011", countryCode: "SE" }
    request.consignments[0].product.id = "PICKUP_PARCEL"
    const entry = await book(request)
    expectConfirmationShape(entry, /^3704\d{14}$/)
    expect(sandbox.bookings[0].customerNumber).toBe("6")
  })

  it("books a free return with QR codes, one link per package", async () => {
    const request = servicepakkeRequest()
    const consignment = withProduct(request, { id: "5800", customerNumber: "5" })
    consignment.packages.push({ correlationId: "PKG-2", weightInKg: 2 })
    consignment.returnProduct = { id: "9300" }
    consignment.generateQrCodes = true
    const { confirmation } = await book(request)

    expect(confirmation.returnConsignmentNumber).toMatch(/^\d{17}$/)
    expect(confirmation.returnConsignmentNumber).not.toBe(confirmation.consignmentNumber)
    expect(confirmation.returnLinks).toEqual({
      labels: expect.stringMatching(new RegExp(`^${sandbox.url}/booking/labels/${confirmation.returnConsignmentNumber}\\?auth-token=${UUID}$`)),
      tracking: `${sandbox.url}/tracking/${confirmation.returnConsignmentNumber}`,
    })
    expect(confirmation.packages).toHaveLength(2)
    for (const pkg of confirmation.packages) {
      const image = await fetch(pkg.qrCodeLink)
      expect(image.headers.get("content-type")).toBe("image/png")
      expect(Buffer.from(await image.arrayBuffer()).subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    }
    expect(sandbox.bookings[0].returnConsignmentNumber).toBe(confirmation.returnConsignmentNumber)
    const returnLabel = await fetch(confirmation.returnLinks.labels)
    expect(returnLabel.headers.get("content-type")).toBe("application/pdf")
  })

  it("books a return service directly, with QR codes", async () => {
    const request = servicepakkeRequest()
    const consignment = withProduct(request, { id: "9300", customerNumber: "5" })
    consignment.parties = { sender: clone(consignment.parties.recipient), recipient: clone(consignment.parties.sender) }
    consignment.generateQrCodes = true
    const { confirmation } = await book(request)
    expect(confirmation.packages[0].qrCodeLink).toMatch(
      new RegExp(`^${sandbox.url}/booking/qr-codes/${confirmation.consignmentNumber}/${confirmation.packages[0].packageNumber}\\.png\\?auth-token=${UUID}$`)
    )
    expect(confirmation).not.toHaveProperty("returnConsignmentNumber")
  })

  it("treats the X-Carrier-Test-Indicator header as test mode", async () => {
    const request = servicepakkeRequest()
    request.testIndicator = false
    await book(request)
    const { status } = await jsonOf(client.post("/booking/api/booking", request, { "X-Carrier-Test-Indicator": "true" }))
    expect(status).toBe(200)
    expect(sandbox.bookings.map((b) => b.test)).toEqual([false, true])
  })

  describe("labels", () => {
    it("answers the label link with 302 to a PDF at another path", async () => {
      const { confirmation } = await book(servicepakkeRequest())
      const redirect = await fetch(confirmation.links.labels, { redirect: "manual" })
      expect(redirect.status).toBe(302)
      const location = redirect.headers.get("location") ?? ""
      expect(new URL(location).pathname).not.toBe(new URL(confirmation.links.labels).pathname)

      const pdf = await fetch(confirmation.links.labels)
      expect(pdf.status).toBe(200)
      expect(pdf.headers.get("content-type")).toBe("application/pdf")
      const bytes = Buffer.from(await pdf.arrayBuffer())
      expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-")
      expect(bytes.toString("latin1")).toContain(confirmation.consignmentNumber)
      expect(bytes.toString("latin1").trimEnd().endsWith("%%EOF")).toBe(true)
    })

    it("gives the tracked mailbox parcel 3570 a label-printer label with RFID instructions, 3584 a PDF", async () => {
      const mailbox = (id: string) => {
        const request = servicepakkeRequest()
        withProduct(request, { id, customerNumber: "5" })
        request.consignments[0].packages[0].dimensions = { lengthInCm: 30, widthInCm: 20, heightInCm: 5 }
        return request
      }
      const tracked = (await book(mailbox("3570"))).confirmation
      const zpl = await fetch(tracked.links.labels)
      expect(zpl.status).toBe(200)
      expect(zpl.headers.get("content-type")).toBe("application/x-zpl")
      const text = await zpl.text()
      expect(text.startsWith("^XA")).toBe(true)
      expect(text).toMatch(/\^RS8[\s\S]*\^RFW,H\^FD[0-9A-F]+\^FS/)
      expect(text).toContain(tracked.packages[0].packageNumber)
      expect(text.trimEnd().endsWith("^XZ")).toBe(true)

      const untracked = (await book(mailbox("3584"))).confirmation
      const pdf = await fetch(untracked.links.labels)
      expect(pdf.headers.get("content-type")).toBe("application/pdf")
    })

    it("refuses a wrong auth-token and unknown consignments", async () => {
      const { confirmation } = await book(servicepakkeRequest())
      const wrongToken = confirmation.links.labels.replace(/auth-token=.*/, "auth-token=wrong")
      const refused = await fetch(wrongToken)
      expect(refused.status).toBe(401)
      expect(await refused.text()).toMatch(/^Authentication failed/)
      expect((await fetch(`${sandbox.url}/booking/labels/70438199999999999?auth-token=x`)).status).toBe(404)
    })

    it("gives cargo bookings a waybill", async () => {
      const request = servicepakkeRequest()
      const consignment = withProduct(request, { id: "5100", customerNumber: "7" })
      consignment.packages = [{ weightInKg: 250, volumeInDm3: 800 }]
      const { confirmation } = await book(request)
      const waybill = await fetch(confirmation.links.waybill)
      expect(waybill.headers.get("content-type")).toBe("application/pdf")
      expect(Buffer.from(await waybill.arrayBuffer()).toString("latin1")).toContain("WAYBILL")
    })

    it("serves the tracking link", async () => {
      const { confirmation } = await book(servicepakkeRequest())
      const page = await fetch(confirmation.links.tracking)
      expect(page.status).toBe(200)
      expect(await page.text()).toContain(confirmation.consignmentNumber)
    })
  })

  describe("other booking endpoints", () => {
    it("lists only the test customers granted to the user, with their services", async () => {
      const all = await jsonOf(client.get("/booking/api/customers"))
      expect(all.body.customers.map((c: any) => c.customerNumber)).toEqual(["PARCELS_NORWAY-00000000005", "PARCELS_NORWAY-00000000006", "CARGO-00000000007"])
      expect(all.body.customers[0]).toMatchObject({ countryCode: "NO", products: expect.arrayContaining(["SERVICEPAKKE", "PA_DOREN", "3584"]) })
      expect(all.body.customers[1].products).toEqual(expect.arrayContaining(["BUSINESS_PARCEL", "PICKUP_PARCEL", "PICKUP_PARCEL_BULK", "HOME_DELIVERY_PARCEL"]))

      const limited = await jsonOf(api(sandbox, { apiUid: "limited@shop.test", apiKey: "limited-key" }).get("/booking/api/customers"))
      expect(limited.body.customers.map((c: any) => c.name)).toEqual(["Testkunde Pakker Norge"])
    })

    it("answers the customer list in XML when asked", async () => {
      const response = await client.get("/booking/api/customers", { accept: "application/xml" })
      expect(await response.text()).toMatch(/^<\?xml[^>]*\?><customersResponse><customer><name>/)
    })

    it("serves the error catalogue", async () => {
      const { status, body } = await jsonOf(client.get("/booking/api/errors"))
      expect(status).toBe(200)
      expect(body.errorTypes).toEqual(BOOKING_ERROR_TYPES)
      expect(body.errorTypes).toContainEqual({ code: "BOOK-INPUT-016", message: "City must be provided", suffixable: true })
      expect(body.errorTypes).toContainEqual({ code: "BOOK-INPUT-001", message: "Bad request", suffixable: false })
    })

    it("uses the request's recipient for the label of an export", async () => {
      const request = exportRequest()
      const { confirmation } = await book(request)
      const pdf = Buffer.from(await (await fetch(confirmation.links.labels)).arrayBuffer()).toString("latin1")
      expect(pdf).toContain(GOTEBORG_RECIPIENT.name)
    })
  })
})
