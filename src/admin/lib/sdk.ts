import Medusa from "@medusajs/js-sdk"

/** The admin's own API client: same origin, the logged-in admin's session. */
export const sdk = new Medusa({
  baseUrl: import.meta.env.VITE_BACKEND_URL || "/",
  debug: import.meta.env.DEV,
  auth: { type: "session" },
})
