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
