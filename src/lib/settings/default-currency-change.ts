import type { NordicParcelOptions } from "../options"
import { applySettings } from "./apply-settings"
import { applySettingsPatch } from "./settings-patch"
import type { MerchantSettings, MerchantSettingsPatch } from "./settings-schema"

/**
 * Every exchange rate is "units of this currency for one unit of the default currency". Changing
 * the default currency would silently re-read each rate against the new one (a SEK rate of 0.95
 * against NOK read against EUR prices everything ten times too low), so the change is refused
 * while a rate remains that the same change does not set or remove. The merchant then gives the
 * rates against the new currency in the same save, or removes them first.
 * Returns the refusal, naming the field and each rate, or undefined when the change may go ahead.
 */
export function defaultCurrencyChangeProblem(
  options: NordicParcelOptions,
  stored: MerchantSettings,
  patch: MerchantSettingsPatch
): string | undefined {
  const before = applySettings(options, stored)
  const after = applySettings(options, applySettingsPatch(stored, patch))
  const from = before.defaultCurrency ?? options.defaultCurrency
  const to = after.defaultCurrency ?? options.defaultCurrency
  if (from === to) {
    return undefined
  }
  const stale = Object.entries(after.currencies ?? {})
    .filter(([code, currency]) => code !== to && currency?.exchangeRate !== undefined)
    .filter(([code]) => patch.currencies?.[code]?.exchange_rate === undefined)
    .map(([code]) => `currencies[${code}].exchange_rate`)
  if (stale.length === 0) {
    return undefined
  }
  return (
    `default_currency: cannot change from ${from} to ${to} while exchange rates are set against ${from} (${stale.join(", ")}): ` +
    `every rate is units of its currency for one ${from}; give each rate against ${to} in the same change, or remove the rates first`
  )
}
