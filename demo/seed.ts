import fs from "node:fs"
import type { ExecArgs, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, FeatureFlag, Modules } from "@medusajs/framework/utils"
import { createReturnReasonsWorkflow, createUsersWorkflow, updateStoresWorkflow } from "@medusajs/medusa/core-flows"
import { seedNorwegianStore, type SeededStore, type SeedService } from "./seed-store"

/**
 * `npx medusa exec ./demo/seed.ts` (run by `npm run demo`): seeds the demo store once. The store
 * record remembers it (metadata `nordic_parcel_demo`), so a second run only reads what is there.
 * It writes what the demo needs (publishable key, ids) as JSON to DEMO_SEED_OUTPUT when set.
 */

export const DEMO_MARKER = "nordic_parcel_demo"
export const DEMO_ADMIN = {
  email: process.env.DEMO_ADMIN_EMAIL || "admin@nordic-parcel.test",
  password: process.env.DEMO_ADMIN_PASSWORD || "nordic-parcel-demo",
}

/** The shipping options of the demo store, one per carrier service (all priced by the carrier). */
export const DEMO_SERVICES: SeedService[] = [
  { code: "PA_DOREN", name: "Home delivery (På døren)" },
  { code: "SERVICEPAKKE", name: "Pickup point (Servicepakke)", requiresPickupPoint: true },
  { code: "3584", name: "Mailbox parcel (Pakke i postkassen)" },
  { code: "9300", name: "Return (Returservice)", isReturn: true },
]

export type DemoStore = Omit<SeededStore, "publishableKey" | "serviceZoneId" | "shippingProfileId" | "providerId"> & {
  publishableKey: string
  apiKeyId: string
  admin: { email: string; password: string; created: boolean }
  /** "created" on the run that seeded the store, "existing" afterwards. */
  seed: "created" | "existing"
}

type Marker = Omit<DemoStore, "publishableKey" | "admin" | "seed"> & { seeded_at: string }

export default async function seedDemo({ container }: ExecArgs): Promise<void> {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const storeModule = container.resolve(Modules.STORE)
  const [store] = await storeModule.listStores({}, { take: 1 })
  if (!store) {
    throw new Error("Medusa has not created its default store: is the database migrated?")
  }

  let marker = store.metadata?.[DEMO_MARKER] as Marker | undefined
  let seed: DemoStore["seed"] = "existing"
  if (!marker) {
    await refusePartialSeed(container)
    marker = await seedStore(container, store.id)
    seed = "created"
  }
  const admin = await ensureAdminUser(container)
  await ensureReturnReasons(container)

  const apiKeys = container.resolve(Modules.API_KEY)
  const [key] = await apiKeys.listApiKeys({ id: marker.apiKeyId })
  if (!key || key.revoked_at) {
    throw new Error(`the demo's publishable key ${marker.apiKeyId} was deleted or revoked: reset the demo (delete .data/demo-pg)`)
  }
  const result: DemoStore = { ...withoutSeededAt(marker), publishableKey: key.token, admin, seed }

  logger.info(seed === "created" ? "Demo store seeded." : "Demo store found: already seeded, nothing to do.")
  logger.info(`Publishable key: ${result.publishableKey}`)
  if (process.env.DEMO_SEED_OUTPUT) {
    fs.writeFileSync(process.env.DEMO_SEED_OUTPUT, JSON.stringify(result, null, 2))
  }
}

function withoutSeededAt({ seeded_at: _at, ...rest }: Marker): Omit<Marker, "seeded_at"> {
  return rest
}

/** A run that died half-way leaves a region for Norway but no marker: seeding again would fail. */
async function refusePartialSeed(container: MedusaContainer): Promise<void> {
  const regions = container.resolve(Modules.REGION)
  const existing = await regions.listRegions({}, { relations: ["countries"] })
  if (existing.some((r) => r.countries?.some((c) => c.iso_2 === "no"))) {
    throw new Error(
      "this database already has a region for Norway but no complete demo seed (an earlier seed was interrupted?). " +
        "Reset the demo: stop it and delete .data/demo-pg (or use an empty DATABASE_URL)."
    )
  }
}

async function seedStore(container: MedusaContainer, storeId: string): Promise<Marker> {
  const seeded = await seedNorwegianStore(container, DEMO_SERVICES)
  const apiKeys = container.resolve(Modules.API_KEY)
  const [key] = await apiKeys.listApiKeys({ token: seeded.publishableKey })
  await apiKeys.updateApiKeys(key.id, { title: "Nordic Parcel demo storefront" })

  const marker: Marker = {
    regionId: seeded.regionId,
    salesChannelId: seeded.salesChannelId,
    apiKeyId: key.id,
    stockLocationId: seeded.stockLocationId,
    options: seeded.options,
    variants: seeded.variants,
    seeded_at: new Date().toISOString(),
  }
  // The admin then shows the store in NOK, with the Norway region, web shop and Oslo warehouse as defaults.
  await updateStoresWorkflow(container).run({
    input: {
      selector: { id: storeId },
      update: {
        name: "Nordic Parcel demo",
        supported_currencies: [{ currency_code: "nok", is_default: true }],
        default_sales_channel_id: seeded.salesChannelId,
        default_region_id: seeded.regionId,
        default_location_id: seeded.stockLocationId,
        metadata: { [DEMO_MARKER]: marker },
      },
    },
  })
  return marker
}

/** The reasons the storefront's return page offers (`GET /store/return-reasons`), made once. */
export const DEMO_RETURN_REASONS = [
  { value: "too_small", label: "Too small" },
  { value: "not_as_described", label: "Not as described" },
  { value: "damaged", label: "Arrived damaged" },
]

async function ensureReturnReasons(container: MedusaContainer): Promise<void> {
  const orders = container.resolve(Modules.ORDER)
  const existing = await orders.listReturnReasons({ value: DEMO_RETURN_REASONS.map((r) => r.value) })
  const missing = DEMO_RETURN_REASONS.filter((reason) => !existing.some((r) => r.value === reason.value))
  if (missing.length) await createReturnReasonsWorkflow(container).run({ input: { data: missing } })
}

/** The admin user, created the way `medusa user -e … -p …` creates one. */
async function ensureAdminUser(container: MedusaContainer): Promise<DemoStore["admin"]> {
  const users = container.resolve(Modules.USER)
  if ((await users.listUsers({ email: DEMO_ADMIN.email })).length > 0) {
    return { ...DEMO_ADMIN, created: false }
  }
  let roles: string[] = []
  if (FeatureFlag.isFeatureEnabled("rbac")) {
    const rbac = container.resolve(Modules.RBAC) as { listRbacRoles(filter: { id: string }): Promise<{ id: string }[]> }
    roles = (await rbac.listRbacRoles({ id: "role_super_admin" })).map((r) => r.id)
  }
  const { result: [user] } = await createUsersWorkflow(container).run({
    input: { users: [{ email: DEMO_ADMIN.email, ...(roles.length ? { roles } : {}) }] },
  })
  const auth = container.resolve(Modules.AUTH)
  const { authIdentity, error } = await auth.register("emailpass", {
    body: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
  } as Parameters<typeof auth.register>[1])
  if (error || !authIdentity) {
    throw new Error(`could not register the admin user ${DEMO_ADMIN.email}: ${error}`)
  }
  await auth.updateAuthIdentities({ id: authIdentity.id, app_metadata: { user_id: user.id } })
  return { ...DEMO_ADMIN, created: true }
}
