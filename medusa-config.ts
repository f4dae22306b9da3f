import { defineConfig, loadEnv } from "@medusajs/framework/utils"

/*
 * Test and development configuration of the plugin repository (not published). It loads the
 * plugin's module and provider from src/ by path, the way a store loads them from the package.
 * NP_BASE_URL points at the carrier sandbox (npm run sandbox, or started by each test suite).
 */
loadEnv(process.env.NODE_ENV || "development", process.cwd())

const nordicParcel = {
  baseUrl: process.env.NP_BASE_URL || "http://127.0.0.1:4010",
  apiUid: process.env.NP_API_UID || "demo@nordic-parcel.test",
  apiKey: process.env.NP_API_KEY || "sandbox-demo-key",
  customerNumber: process.env.NP_CUSTOMER_NUMBER || "5",
  testMode: true,
  // The demo and test services: two with a fallback price, the mailbox parcel without one (it is
  // hidden when the carrier cannot price it), a parcel with a free return and QR codes, an export
  // service (cross-border customer number 6), and a return service.
  services: [
    { code: "SERVICEPAKKE", additionalServices: ["EVARSLING"], fallbackPrice: 99 },
    { code: "PA_DOREN", additionalServices: ["EVARSLING"], fallbackPrice: 149 },
    { code: "3584", additionalServices: ["1081"] },
    { code: "5600", returnService: "9300", qrCodes: true, fallbackPrice: 179 },
    { code: "BUSINESS_PARCEL", customerNumber: "6", fallbackPrice: 249 },
    { code: "9300", isReturn: true, qrCodes: true },
  ],
  timeouts: {
    quoteMs: Number(process.env.NP_QUOTE_MS || 1500),
    requestMs: Number(process.env.NP_REQUEST_MS || 5000),
  },
  webhooks: {
    publicUrl: process.env.NP_PUBLIC_URL,
    // "none": no secret, as a store that forgot it (the demo's misconfigured mode shows the banner).
    secret: process.env.NP_WEBHOOK_SECRET === "none" ? undefined : process.env.NP_WEBHOOK_SECRET || "sandbox-webhook-secret-0123456789",
    // A rotated secret: the old one is still accepted until the given time.
    previousSecret: process.env.NP_PREVIOUS_WEBHOOK_SECRET || undefined,
    previousSecretUntil: process.env.NP_PREVIOUS_WEBHOOK_SECRET_UNTIL || undefined,
    // Callbacks stored per minute and instance (defaults 6000 and 120); the tests set small ones.
    maxEventsPerMinute: Number(process.env.NP_WEBHOOK_EVENTS_PER_MINUTE) || undefined,
    maxDeadLettersPerMinute: Number(process.env.NP_WEBHOOK_DEAD_LETTERS_PER_MINUTE) || undefined,
  },
  // Guests' order access: the signing key ("none": left out, as a store upgraded from 0.1.0 that
  // never set one; guests are then refused) and whether only signed links open an order to guests.
  orderAccess: {
    secret: process.env.NP_ORDER_ACCESS_SECRET === "none" ? undefined : process.env.NP_ORDER_ACCESS_SECRET || "sandbox-order-access-secret-0123456789abcdef",
    guestProof: process.env.NP_ORDER_ACCESS_GUEST_PROOF === "token" ? ("token" as const) : undefined,
  },
  // Behind a proxy: how many to trust, or the header carrying the client's address.
  clientAddress: {
    trustedProxies: Number(process.env.NP_TRUSTED_PROXIES || 0),
    header: process.env.NP_CLIENT_ADDRESS_HEADER || undefined,
  },
}

/*
 * Medusa's Redis modules (event bus, workflow engine, locking, caching), as a production store with
 * several instances runs them. On when a suite asks for them (NP_REDIS_MODULES) and REDIS_URL is set.
 */
const redisUrl = process.env.NP_REDIS_MODULES === "true" ? process.env.REDIS_URL : undefined
const redisModules = redisUrl
  ? [
      { resolve: "@medusajs/medusa/event-bus-redis", options: { redisUrl } },
      { resolve: "@medusajs/medusa/workflow-engine-redis", options: { redis: { url: redisUrl } } },
      {
        resolve: "@medusajs/medusa/locking",
        options: { providers: [{ resolve: "@medusajs/medusa/locking-redis", id: "locking-redis", is_default: true, options: { redisUrl } }] },
      },
      {
        resolve: "@medusajs/medusa/caching",
        options: { providers: [{ resolve: "@medusajs/medusa/caching-redis", id: "caching-redis", is_default: true, options: { redisUrl } }] },
      },
    ]
  : []

module.exports = defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    ...(redisUrl ? { redisUrl } : {}),
    http: {
      storeCors: process.env.STORE_CORS || "*",
      adminCors: process.env.ADMIN_CORS || "*",
      authCors: process.env.AUTH_CORS || "*",
      jwtSecret: process.env.JWT_SECRET || "supersecret",
      cookieSecret: process.env.COOKIE_SECRET || "supersecret",
    },
  },
  admin: { disable: process.env.ADMIN_DISABLED === "true" },
  modules: [
    ...redisModules,
    { resolve: "./src/modules/nordic_parcel", options: nordicParcel },
    {
      resolve: "@medusajs/medusa/fulfillment",
      // Lets the provider reach the plugin's module (the booking ledger) and query when it books
      // ("none": left out, as a store that forgot the line; the demo's misconfigured mode).
      dependencies: process.env.NP_FULFILLMENT_DEPENDENCIES === "none" ? [] : ["nordic_parcel", "query"],
      options: {
        providers: [
          // Listing the fulfillment module replaces Medusa's default providers: keep manual.
          { resolve: "@medusajs/medusa/fulfillment-manual", id: "manual" },
          // Any id works (NP_PROVIDER_ID: the suite that registers it under another one).
          { resolve: "./src/providers/nordic-parcel", id: process.env.NP_PROVIDER_ID || "nordic-parcel", options: nordicParcel },
        ],
      },
    },
  ],
})
