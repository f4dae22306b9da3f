/*
 * Parses the plugin's options once, at boot (lib/options.ts); the module keeps the result and every
 * other part reads options from the module.
 */
import { asValue } from "@medusajs/framework/awilix"
import type { LoaderOptions } from "@medusajs/framework/types"
import { parseOptions } from "../../../lib/options"

/** Where the module's container holds the parsed options; the module service reads them there. */
export const PARSED_OPTIONS = "nordicParcelOptions"

/**
 * Runs at boot, once: parses the plugin options (a throw stops the store with the option named,
 * instead of failing at the first checkout) and registers the result for the module service.
 */
export default async function validateOptionsLoader({ container, options }: LoaderOptions): Promise<void> {
  container.register(PARSED_OPTIONS, asValue(parseOptions(options)))
}
