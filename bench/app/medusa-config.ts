import path from "node:path"
import { defineConfig, loadEnv } from "@medusajs/framework/utils"

/*
 * The benchmark's store: the plugin installed the way a merchant installs it — the built package
 * (npm run build) loaded by name as a plugin and provider — plus one bare route (src/api) that
 * the plugin's routes are measured against.
 */
loadEnv(process.env.NODE_ENV || "development", process.cwd())

const nordicParcel = {
  baseUrl: process.env.NP_BASE_URL || "http://127.0.0.1:4010",
  apiUid: "demo@nordic-parcel.test",
  apiKey: "sandbox-demo-key",
  customerNumber: "5",
  testMode: true,
  webhooks: { secret: "sandbox-webhook-secret-0123456789" },
}

module.exports = defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    http: { storeCors: "*", adminCors: "*", authCors: "*", jwtSecret: "bench", cookieSecret: "bench" },
  },
  admin: { disable: true },
  plugins: [{ resolve: "medusa-plugin-nordic-parcel", options: nordicParcel }],
  modules: [
    {
      resolve: "@medusajs/medusa/fulfillment",
      dependencies: ["nordic_parcel", "query"],
      options: {
        providers: [
          { resolve: "@medusajs/medusa/fulfillment-manual", id: "manual" },
          // The checkout benchmark's baseline (src/modules/flat-rate-fulfillment): the manual provider cannot calculate prices.
          // Absolute: Medusa resolves providers from the process's directory, the repository root here.
          { resolve: path.join(__dirname, "src", "modules", "flat-rate-fulfillment"), id: "flat-rate" },
          { resolve: "medusa-plugin-nordic-parcel/providers/nordic-parcel", id: "nordic-parcel", options: nordicParcel },
        ],
      },
    },
  ],
})
