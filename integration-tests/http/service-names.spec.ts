import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { createAdminHeaders } from "../helpers/admin"
import { useSandbox } from "../helpers/sandbox"
import { seedNorwegianStore } from "../helpers/store"

jest.setTimeout(120 * 1000)

/**
 * The merchant sees the carrier's own names of its services (the lookup's display names) in the
 * admin: the settings page, the status and customer list, and the fulfillment options a shipping
 * option is made from, each with the code second. While the carrier cannot answer, the plugin's
 * names stand in and nothing fails. A spec of its own: the names an instance learns stay in its
 * memory, so the "not learned yet" case must come before any quote of the same app.
 */
const sandbox = useSandbox()
const SHIPPING_LOOKUP = "/shippingguide/v2/products"
const SETTINGS = "/admin/nordic-parcel/settings"

type Named = { code: string; name: string; description: string | null }
type Customer = { customer_number: string; services: string[]; service_details: Named[] }

medusaIntegrationTestRunner({
  inApp: true,
  env: {},
  testSuite: ({ api, getContainer }) => {
    let adminHeaders: { headers: Record<string, string> }

    beforeAll(async () => {
      await seedNorwegianStore(getContainer(), [{ code: "SERVICEPAKKE", requiresPickupPoint: true }, { code: "PA_DOREN" }, { code: "3584" }])
      adminHeaders = await createAdminHeaders(api, getContainer())
    })

    afterEach(() => sandbox().clearFaults())

    const lookups = () => sandbox().requests.filter((r) => r.path === SHIPPING_LOOKUP)
    const fulfillmentOptions = async () => {
      const { data } = await api.get("/admin/fulfillment-providers/nordic-parcel_nordic-parcel/options", adminHeaders)
      return Object.fromEntries((data.fulfillment_options as { service_code: string; name: string }[]).map((o) => [o.service_code, o.name]))
    }
    const customerFive = async (path: "/admin/nordic-parcel/status" | "/admin/nordic-parcel/customers") => {
      const { data } = await api.get(path, adminHeaders)
      const customers: Customer[] = path.endsWith("status") ? data.customer_numbers : data.customers
      const five = customers.find((c) => c.customer_number === "5")!
      return Object.fromEntries(five.service_details.map((s) => [s.code, s]))
    }

    it("shows the plugin's names, code second, while the carrier's lookup fails, and every page still answers", async () => {
      sandbox().fault("shipping", { kind: "status", status: 503 })

      const settings = await api.get(SETTINGS, adminHeaders)
      expect(settings.status).toBe(200)
      expect(settings.data.service_names).toMatchObject({
        PA_DOREN: { name: "Home delivery", description: null, source: "catalogue", label: "Home delivery · PA_DOREN" },
        "3584": { name: "Mailbox parcel", source: "catalogue" },
      })
      expect((await customerFive("/admin/nordic-parcel/status")).PA_DOREN).toEqual({ code: "PA_DOREN", name: "Home delivery", description: null })
      expect((await customerFive("/admin/nordic-parcel/customers")).SERVICEPAKKE).toMatchObject({ name: "Pickup point parcel" })
      expect(await fulfillmentOptions()).toMatchObject({
        PA_DOREN: "Home delivery · PA_DOREN",
        SERVICEPAKKE: "Pickup point parcel · SERVICEPAKKE",
      })
      // The names were asked for (and refused), not skipped.
      expect(lookups().length).toBeGreaterThan(0)
    })

    it("shows the carrier's display names and descriptions, learned with one lookup from the sender's postal code to itself", async () => {
      const before = lookups().length
      const { data } = await api.get(SETTINGS, adminHeaders)
      expect(data.service_names).toMatchObject({
        PA_DOREN: { name: "På Døren", description: expect.stringContaining("døren"), source: "carrier", label: "På Døren · PA_DOREN" },
        SERVICEPAKKE: { name: "Klimanøytral Servicepakke", source: "carrier" },
        "3584": { name: "Pakke i postkassen", source: "carrier" },
      })
      const asked = lookups().slice(before)
      expect(asked).toHaveLength(1)
      // The seeded stock location is in Oslo, 0154.
      expect(asked[0].body).toMatchObject({
        withGuiInformation: true,
        consignments: [{ fromCountryCode: "NO", fromPostalCode: "0154", toCountryCode: "NO", toPostalCode: "0154" }],
      })

      const status = await customerFive("/admin/nordic-parcel/status")
      expect(status.PA_DOREN).toEqual({ code: "PA_DOREN", name: "På Døren", description: expect.stringContaining("døren") })
      expect((await customerFive("/admin/nordic-parcel/customers")).SERVICEPAKKE.name).toBe("Klimanøytral Servicepakke")
      expect(await fulfillmentOptions()).toMatchObject({
        PA_DOREN: "På Døren · PA_DOREN",
        SERVICEPAKKE: "Klimanøytral Servicepakke · SERVICEPAKKE",
        "3584": "Pakke i postkassen · 3584",
      })

      // Learned: the pages ask the carrier no more.
      const learned = lookups().length
      await api.get(SETTINGS, adminHeaders)
      await customerFive("/admin/nordic-parcel/status")
      await fulfillmentOptions()
      expect(lookups().length).toBe(learned)
    })

    it("puts the merchant's own name before the carrier's, everywhere", async () => {
      const saved = await api.post(SETTINGS, { services: { PA_DOREN: { name: "Evening delivery" } } }, adminHeaders)
      expect(saved.data.service_names.PA_DOREN).toMatchObject({ name: "Evening delivery", source: "merchant", label: "Evening delivery · PA_DOREN" })
      // The carrier's description still explains the service.
      expect(saved.data.service_names.PA_DOREN.description).toEqual(expect.stringContaining("døren"))
      expect((await customerFive("/admin/nordic-parcel/status")).PA_DOREN.name).toBe("Evening delivery")
      expect((await fulfillmentOptions()).PA_DOREN).toBe("Evening delivery · PA_DOREN")
      await api.post(SETTINGS, { services: { PA_DOREN: { name: null } } }, adminHeaders)
      expect((await fulfillmentOptions()).PA_DOREN).toBe("På Døren · PA_DOREN")
    })
  },
})
