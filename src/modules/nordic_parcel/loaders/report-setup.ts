/*
 * Logs set-up problems at boot (missing fulfillment `dependencies`, webhook URL or secret, refused
 * credentials), found by the pure rules in lib/status-page/setup-problems.ts; `GET
 * /admin/nordic-parcel/status` lists the same for the settings page's banner.
 */
import type { LoaderOptions, Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { CarrierError, createCarrierClients } from "../../../lib/carrier"
import type { NordicParcelOptions } from "../../../lib/options"
import { resolveOptional } from "../../../lib/resolve-optional"
import { PARSED_OPTIONS } from "./validate-options"
import { CREDENTIALS_REFUSED, fulfillmentDependenciesOf, setupProblemLogLine, setupProblems } from "../../../lib/status-page/setup-problems"

/**
 * Runs at boot: logs each set-up mistake with its fix (the settings page shows the same ones), so
 * a store does not learn of them from its first failed fulfilment. The credentials are checked in
 * the background with a short-lived client of its own (the module's clients are built on first
 * use): start-up never waits for the carrier.
 */
export default async function reportSetupLoader({ container }: LoaderOptions): Promise<void> {
  const cradle = container.cradle as Record<string, unknown>
  const logger = resolveOptional<Logger>(cradle, ContainerRegistrationKeys.LOGGER) ?? console
  // Parsed once, by the loader before this one.
  const parsed = container.resolve<NordicParcelOptions>(PARSED_OPTIONS)
  const configModule = resolveOptional<{ modules?: unknown }>(cradle, ContainerRegistrationKeys.CONFIG_MODULE)
  const problems = setupProblems({
    fulfillmentDependencies: fulfillmentDependenciesOf(configModule),
    webhookUrl: parsed.webhooks.publicUrl,
    webhookSecretSet: Boolean(parsed.webhooks.secret),
    credentialsValid: null,
    orderAccessSecretSet: Boolean(parsed.orderAccess.secret),
  })
  problems.forEach((problem) => logger.warn(setupProblemLogLine(problem)))

  const carrier = createCarrierClients({
    baseUrl: parsed.baseUrl,
    apiUid: parsed.apiUid,
    apiKey: parsed.apiKey,
    timeoutMs: parsed.timeouts.requestMs,
  })
  void carrier.booking
    .listCustomers()
    .then(
      () => undefined,
      (error: unknown) => {
        if (error instanceof CarrierError && error.kind === "authentication") {
          logger.warn(setupProblemLogLine(CREDENTIALS_REFUSED))
        }
      }
    )
    .finally(() => carrier.close())
}
