import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { Modules } from "@medusajs/framework/utils"
import { NORDIC_PARCEL_MODULE } from "../../src/modules/nordic_parcel"
import type NordicParcelModuleService from "../../src/modules/nordic_parcel/service"
import { createAdminHeaders } from "../helpers/admin"
import { useSandbox } from "../helpers/sandbox"

jest.setTimeout(120 * 1000)

const sandbox = useSandbox()

medusaIntegrationTestRunner({
  inApp: true,
  env: {},
  testSuite: ({ api, getContainer }) => {
    describe("plugin boot", () => {
      it("registers the nordic-parcel provider next to the manual one", async () => {
        const fulfillment = getContainer().resolve(Modules.FULFILLMENT)
        const providers = await fulfillment.listFulfillmentProviders({})
        expect(providers.map((p) => p.id)).toEqual(
          expect.arrayContaining(["manual_manual", "nordic-parcel_nordic-parcel"])
        )
      })

      it("lists the configured services as fulfillment options in the admin", async () => {
        const headers = await createAdminHeaders(api, getContainer())
        const { data } = await api.get(
          "/admin/fulfillment-providers/nordic-parcel_nordic-parcel/options",
          headers
        )
        expect(data.fulfillment_options).toEqual(
          expect.arrayContaining([
            {
              id: "nordic-parcel-SERVICEPAKKE",
              // The plugin's name, code second: this app has no stock location to ask the carrier's names from.
              name: "Pickup point parcel · SERVICEPAKKE",
              service_code: "SERVICEPAKKE",
              requires_pickup_point: true,
              is_return: false,
            },
            expect.objectContaining({ service_code: "PA_DOREN", requires_pickup_point: false }),
            expect.objectContaining({ service_code: "3584", is_return: false }),
            expect.objectContaining({ service_code: "9300", is_return: true }),
          ])
        )
      })

      it("migrates the plugin's module: shipments are stored and one fulfillment has one shipment", async () => {
        const module = getContainer().resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
        const created = await module.createShipments({
          fulfillment_id: "ful_1",
          booking_key: "order_1:outbound:PA_DOREN:item_1x1",
          order_id: "order_1",
          service_code: "PA_DOREN",
          package_numbers: ["370438103696484710"],
        })
        expect(created).toEqual(
          expect.objectContaining({ status: "booking", kind: "outbound", package_numbers: ["370438103696484710"] })
        )
        await expect(
          module.createShipments({ fulfillment_id: "ful_1", booking_key: "other", service_code: "PA_DOREN" })
        ).rejects.toThrow()

        await module.createTrackingEvents({
          event_id: "evt-1",
          status: "HANDED_IN",
          shipment_number: "70438103433585051",
          occurred_at: new Date("2026-11-20T10:00:00Z"),
          raw: { id: "evt-1" },
        })
        await expect(
          module.createTrackingEvents({
            event_id: "evt-1",
            status: "HANDED_IN",
            shipment_number: "70438103433585051",
            occurred_at: new Date(),
            raw: {},
          })
        ).rejects.toThrow()
      })

      it("exposes the validated plugin options through the module, pointed at the carrier", async () => {
        const module = getContainer().resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
        const options = module.getOptions()
        expect(options.baseUrl).toEqual(sandbox().url)
        expect(options.timeouts.quoteMs).toBeGreaterThan(0)
        expect(options.webhooks.eventGroups).toContain("DELIVERED")
      })
    })
  },
})
