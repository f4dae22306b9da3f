/*
 * The entity manager of the current transaction, shared by every store of the module (ledger, tracking
 * events, subscriptions, bulk runs, settings, webhook state) so their statements join the caller's
 * transaction.
 */
import type { Context } from "@medusajs/framework/types"
import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/postgresql"

/** The entity manager of the transaction a store method runs in (`@InjectTransactionManager`). */
export function manager(sharedContext: Context): SqlEntityManager {
  return sharedContext.transactionManager as SqlEntityManager
}
