import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import type { AxiosInstance } from "axios"

/**
 * Creates an admin user through Medusa's own auth flow (register identity, create user, log in)
 * and returns request headers carrying its bearer token.
 */
export async function createAdminHeaders(
  api: AxiosInstance,
  container: MedusaContainer,
  email = "admin@nordic-parcel.test",
  password = "supersecret-password"
): Promise<{ headers: Record<string, string> }> {
  const registered = await api.post("/auth/user/emailpass/register", { email, password })
  const userModule = container.resolve(Modules.USER)
  const authModule = container.resolve(Modules.AUTH)
  const user = await userModule.createUsers({ email })
  const { auth_identity_id } = decodeJwt(registered.data.token)
  await authModule.updateAuthIdentities({ id: auth_identity_id, app_metadata: { user_id: user.id } })
  const login = await api.post("/auth/user/emailpass", { email, password })
  return { headers: { authorization: `Bearer ${login.data.token}` } }
}

function decodeJwt(token: string): { auth_identity_id: string } {
  const payload = token.split(".")[1]
  return JSON.parse(Buffer.from(payload, "base64url").toString("utf8"))
}

/**
 * Creates a calculated shipping option through the admin API, as the merchant does in the admin
 * from a fulfillment option the provider lists (`data`). Returns its id.
 */
export async function createListedShippingOption(
  api: AxiosInstance,
  headers: { headers: Record<string, string> },
  store: { serviceZoneId: string; shippingProfileId: string; providerId: string },
  option: { name: string; data: Record<string, unknown>; isReturn: boolean; type: { label: string; description: string; code: string } }
): Promise<string> {
  const { data } = await api.post(
    `/admin/shipping-options`,
    {
      name: option.name,
      service_zone_id: store.serviceZoneId,
      shipping_profile_id: store.shippingProfileId,
      provider_id: store.providerId,
      price_type: "calculated",
      data: option.data,
      prices: [],
      type: option.type,
      rules: [
        { attribute: "enabled_in_store", value: "true", operator: "eq" },
        { attribute: "is_return", value: String(option.isReturn), operator: "eq" },
      ],
    },
    headers
  )
  return data.shipping_option.id as string
}
