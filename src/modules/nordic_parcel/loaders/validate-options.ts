import type { LoaderOptions } from "@medusajs/framework/types"
import { parseOptions } from "../../../lib/options"

/**
 * Runs at boot: the module service itself is built lazily, so without this a bad option would only
 * surface at the first checkout. A throw here stops the store with the option named.
 */
export default async function validateOptionsLoader({ options }: LoaderOptions): Promise<void> {
  parseOptions(options)
}
