/*
 * The merchant's settings (admin overrides of the options) in the database (models/stored-settings.ts)
 * and their cache; the rules are in lib/settings/ (schema, patch, merge over the options, views), each
 * setting described once in lib/settings/settings-fields.ts. Settings apply without a restart.
 */
import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/postgresql"
import type { Context, DAL } from "@medusajs/framework/types"
import { InjectManager, InjectTransactionManager, MedusaContext, MedusaError } from "@medusajs/framework/utils"
import type { CarrierLogger } from "../../lib/carrier"
import type { NordicParcelOptions } from "../../lib/options"
import { effectiveOptions } from "../../lib/settings/apply-settings"
import { defaultCurrencyChangeProblem } from "../../lib/settings/default-currency-change"
import { RefreshingValue } from "../../lib/settings/refreshing-value"
import { applySettingsPatch } from "../../lib/settings/settings-patch"
import { readStoredSettings, withRefusedKept } from "../../lib/settings/refused-settings"
import { parseSettingsPatch, type MerchantSettingsPatch } from "../../lib/settings/settings-schema"
import { settingsStateOf, type SettingsRecord, type SettingsState } from "../../lib/settings/settings-state"

/** Settings are store-wide: one row, under a fixed id. */
const SETTINGS_ID = "npset_store"

/**
 * How old the settings an instance serves may get before it reads them again, i.e. how long an
 * instance that did not make a change takes to apply it. One indexed single-row read per instance
 * per period: nothing next to a checkout.
 */
const SETTINGS_MAX_AGE_MS = 5_000

/**
 * The merchant's settings from the admin over the plugin options: one row, cached in memory and
 * refreshed every few seconds, written under a row lock.
 */
export class SettingsStore {
  private readonly settings_: RefreshingValue<SettingsState>
  private reportedProblem_: string | null = null

  constructor(
    // Named as MedusaService names it: the manager decorators below look it up under this name.
    protected readonly baseRepository_: DAL.RepositoryService,
    private readonly options_: NordicParcelOptions,
    private readonly logger_: CarrierLogger
  ) {
    this.settings_ = new RefreshingValue({
      load: () => this.load(),
      maxAgeMs: SETTINGS_MAX_AGE_MS,
      // Checkout must price even when the settings table cannot be read (e.g. migrations not run).
      fallback: (error) => ({
        ...settingsStateOf(this.options_, undefined),
        problem: `settings could not be read: ${(error as Error).message}`,
      }),
      onError: (error) =>
        this.logger_.warn(`nordic-parcel: settings could not be read, the last known apply: ${(error as Error).message}`),
    })
  }

  /** The options in force, from memory (never throws: unreadable settings leave the options). */
  async effective(): Promise<NordicParcelOptions> {
    return (await this.settings_.get()).effective
  }

  /** The stored settings and the options they produce, read from the database now. */
  current(): Promise<SettingsState> {
    return this.settings_.refresh()
  }

  /** Validates and applies a change, and serves it on this instance at once. */
  async update(patch: unknown, actorId: string | null): Promise<SettingsState> {
    const change = parseSettingsPatch(patch)
    const state = await this.write(change, actorId)
    this.settings_.set(state)
    return state
  }

  @InjectManager()
  protected async load(@MedusaContext() sharedContext: Context = {}): Promise<SettingsState> {
    const manager = sharedContext.manager as SqlEntityManager
    const [row]: SettingsRecord[] = await manager.execute(
      `select "values", version, updated_at, updated_by from nordic_parcel_settings where id = ? and deleted_at is null limit 1`,
      [SETTINGS_ID]
    )
    const state = settingsStateOf(this.options_, row)
    // Once per problem, not on every refresh.
    if (state.problem && state.problem !== this.reportedProblem_) {
      this.logger_.error(`nordic-parcel: ${state.problem}; see the status page (GET /admin/nordic-parcel/status) for the fix`)
    }
    this.reportedProblem_ = state.problem
    return state
  }

  @InjectTransactionManager()
  protected async write(
    change: MerchantSettingsPatch,
    actorId: string | null,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<SettingsState> {
    const manager = sharedContext.transactionManager as SqlEntityManager
    await manager.execute(
      `insert into nordic_parcel_settings (id, "values", version) values (?, '{}'::jsonb, 0) on conflict (id) do nothing`,
      [SETTINGS_ID]
    )
    const [locked]: { values: unknown }[] = await manager.execute(
      `select "values" from nordic_parcel_settings where id = ? for update`,
      [SETTINGS_ID]
    )
    // A stored value a newer plugin refuses is set aside, not applied, and written back as it was
    // unless this change sets or resets it: a save never loses the merchant's other settings.
    const stored = readStoredSettings(locked?.values ?? {})
    const previous = stored.settings
    const currencyChange = defaultCurrencyChangeProblem(this.options_, previous, change)
    if (currencyChange) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, `Invalid nordic-parcel settings: ${currencyChange}`)
    }
    const next = applySettingsPatch(previous, change)
    // Each value passed its own rule; this checks the combination with the options.
    effectiveOptions(this.options_, next)
    const [row]: SettingsRecord[] = await manager.execute(
      `update nordic_parcel_settings
         set "values" = ?::jsonb, version = version + 1, updated_by = ?, updated_at = now(), deleted_at = null
       where id = ?
       returning "values", version, updated_at, updated_by`,
      [JSON.stringify(withRefusedKept(next, stored.refused, change)), actorId, SETTINGS_ID]
    )
    return settingsStateOf(this.options_, row)
  }
}
