/**
 * Set-up mistakes a store can make that only show up later (the first fulfilment fails, tracking
 * never arrives, every quote falls back): found at start-up and on the settings page, each with
 * what to change. Pure: the caller reads the configuration and asks the carrier.
 */

import { SHARED_BUCKET_FIX, SHARED_BUCKET_MESSAGE } from "../rate-limit/forwarded-for-notice"
import { resetChange, type RefusedSetting } from "../settings/refused-settings"

/**
 * What the fulfillment module must list as `dependencies` so the provider reaches the plugin's
 * module (its booking ledger) and query when it books (a provider otherwise sees only its own module).
 */
export const REQUIRED_FULFILLMENT_DEPENDENCIES = ["nordic_parcel", "query"] as const

/** The provider's id in medusa-config (its shipping options then use nordic-parcel_nordic-parcel). */
const PROVIDER_ID = "nordic-parcel"

export type SetupProblemCode =
  | "provider_not_registered"
  | "fulfillment_dependencies"
  | "webhook_url"
  | "webhook_secret"
  | "credentials_refused"
  | "shared_client_bucket"
  | "shared_limit_unavailable"
  | "order_access_secret"
  | "stored_setting_refused"

export type SetupProblem = { code: SetupProblemCode; message: string; fix: string }

export type SetupInput = {
  /** The `dependencies` of the fulfillment module that registers the provider; null: none registers it. */
  fulfillmentDependencies: readonly string[] | null
  webhookUrl: string | undefined
  webhookSecretSet: boolean
  /** The carrier's answer to the credentials: accepted, refused, or not known (carrier not reachable). */
  credentialsValid: boolean | null
  /** Store requests came with X-Forwarded-For while no proxy is trusted (all shoppers may share one bucket). */
  forwardedForIgnored?: boolean
  /** Whether `orderAccess.secret` is set (false: guests cannot open their orders; undefined: not checked). */
  orderAccessSecretSet?: boolean
  /** Stored settings this version's rules refuse (kept, not applied), e.g. after an upgrade. */
  refusedSettings?: readonly RefusedSetting[]
  /** The booking limit shared through Redis (null: no Redis configured). */
  bookingRateLimit?: { shared: boolean; since: string | null; reason: string | null } | null
}

type ModuleEntry = { resolve?: unknown; dependencies?: unknown; options?: { providers?: unknown } }

/**
 * The fulfillment module's dependencies, read from the loaded medusa-config (`configModule`):
 * the module entry whose providers include this plugin's provider.
 */
export function fulfillmentDependenciesOf(configModule: { modules?: unknown } | undefined): string[] | null {
  const modules = configModule?.modules
  const entries: unknown[] = Array.isArray(modules) ? modules : Object.values((modules as Record<string, unknown>) ?? {})
  for (const entry of entries) {
    const providers = (entry as ModuleEntry | undefined)?.options?.providers
    if (!Array.isArray(providers)) continue
    const registers = providers.some(
      (provider: { id?: unknown; resolve?: unknown }) =>
        provider?.id === PROVIDER_ID || (typeof provider?.resolve === "string" && provider.resolve.includes("providers/nordic-parcel"))
    )
    if (registers) {
      const dependencies = (entry as ModuleEntry).dependencies
      return Array.isArray(dependencies) ? dependencies.filter((d): d is string => typeof d === "string") : []
    }
  }
  return null
}

export const CREDENTIALS_REFUSED: SetupProblem = {
  code: "credentials_refused",
  message: "The carrier refuses the API credentials: checkout shows fallback prices and no booking can be made.",
  fix: "Check apiUid (the API user's e-mail) and apiKey in the plugin options against the carrier's developer portal, and that the key belongs to this environment (test or production).",
}

const DEPENDENCIES_LINE = `dependencies: ${JSON.stringify(REQUIRED_FULFILLMENT_DEPENDENCIES)}`

export function setupProblems(input: SetupInput): SetupProblem[] {
  const problems: SetupProblem[] = []
  if (input.fulfillmentDependencies === null) {
    problems.push({
      code: "provider_not_registered",
      message: "No fulfillment module registers the Nordic Parcel provider: no shipping option can use the carrier.",
      fix: `In medusa-config, add { resolve: "medusa-plugin-nordic-parcel/providers/nordic-parcel", id: "${PROVIDER_ID}", options } to the providers of the @medusajs/medusa/fulfillment module, with ${DEPENDENCIES_LINE}.`,
    })
  } else {
    const missing = REQUIRED_FULFILLMENT_DEPENDENCIES.filter((d) => !input.fulfillmentDependencies!.includes(d))
    if (missing.length > 0) {
      problems.push({
        code: "fulfillment_dependencies",
        message: `The fulfillment module does not list ${missing.join(", ")} as dependencies: every booking (fulfilment) will fail.`,
        fix: `In medusa-config, add ${DEPENDENCIES_LINE} to the @medusajs/medusa/fulfillment module, then restart.`,
      })
    }
  }
  if (!input.webhookUrl) {
    problems.push({
      code: "webhook_url",
      message: "No public URL for tracking callbacks: the carrier cannot send events, so orders never move to shipped or delivered.",
      fix: "Set webhooks.publicUrl in the plugin options to the store's public address (callbacks go to <publicUrl>/hooks/nordic-parcel/events).",
    })
  }
  if (!input.webhookSecretSet) {
    problems.push({
      code: "webhook_secret",
      message: "No webhook secret: tracking callbacks cannot be verified and are refused.",
      fix: "Set webhooks.secret in the plugin options to a random string of at least 16 characters (e.g. from `openssl rand -hex 24`).",
    })
  }
  if (input.credentialsValid === false) {
    problems.push(CREDENTIALS_REFUSED)
  }
  if (input.orderAccessSecretSet === false) {
    problems.push({
      code: "order_access_secret",
      message:
        "No orderAccess.secret: guests cannot open their orders' tracking and return labels on the storefront (they are answered 403); signed-in customers can.",
      fix: "Set orderAccess.secret in the plugin options to a random string of at least 32 bytes (e.g. from `openssl rand -hex 32`), the same on every instance, then restart. Access tokens given before (signed with a key derived from the carrier API key) open nothing any more.",
    })
  }
  for (const setting of input.refusedSettings ?? []) {
    problems.push({
      code: "stored_setting_refused",
      message: `The stored setting ${setting.field} (${JSON.stringify(setting.value)}) ${setting.rule}, under this version's rules: it is kept but not applied, and the plugin option applies in its place. The other settings apply.`,
      fix: `In Settings → Nordic Parcel, set ${setting.field} to a value the rule accepts, or reset it to the plugin option (POST /admin/nordic-parcel/settings ${JSON.stringify(resetChange(setting.path))}).`,
    })
  }
  if (input.bookingRateLimit && !input.bookingRateLimit.shared) {
    problems.push({
      code: "shared_limit_unavailable",
      message: `Redis does not answer the booking rate limit (${input.bookingRateLimit.reason ?? "unavailable"}, since ${input.bookingRateLimit.since ?? "start-up"}): each instance limits its own bookings, so several instances together may exceed the carrier's limit and meet 429s.`,
      fix: "Check the Redis at REDIS_URL (reachable, not stalled, not out of memory). The plugin asks it again every 30 s and shares the limit again once it answers; bookings go on meanwhile.",
    })
  }
  if (input.forwardedForIgnored) {
    problems.push({ code: "shared_client_bucket", message: SHARED_BUCKET_MESSAGE, fix: SHARED_BUCKET_FIX })
  }
  return problems
}

/** One log line: what is wrong and what to change. */
export function setupProblemLogLine(problem: SetupProblem): string {
  return `medusa-plugin-nordic-parcel: ${problem.message} Fix: ${problem.fix}`
}
