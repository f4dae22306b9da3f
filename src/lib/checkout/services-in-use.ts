import { serviceForOptionData, type NordicParcelOptions, type ServiceOptions } from "../options"
import { RefreshingValue } from "../settings/refreshing-value"

/** The part of Medusa's query this reads. */
export type ShippingOptionQuery = {
  graph(config: { entity: string; fields: string[]; filters: Record<string, unknown> }): Promise<{ data: unknown[] }>
}

/** The data of a shipping option (what the admin stored from getFulfillmentOptions). */
type OptionData = Record<string, unknown>

/**
 * How old the list of services used by shipping options may get on an instance that did not
 * create the option itself: a new option is then quoted with the others within this time (until
 * then it gets a lookup of its own, since the priced service is always asked for).
 */
const MAX_AGE_MS = 5_000
/** An announced option counts this long; by then the list read from the database has it. */
const ANNOUNCED_MS = 60_000

/**
 * The carrier services the store's shipping options use, read from the database every few
 * seconds. A service from the customer list (e.g. BUSINESS_PARCEL) is usable as a shipping option
 * without a `services` entry in the options; quoting it together with the configured ones keeps
 * checkout at one carrier lookup per cart state.
 */
export class ServicesInUse {
  private readonly value_: RefreshingValue<OptionData[]>
  private announced_: { data: OptionData; until: number }[] = []

  constructor(load: () => Promise<OptionData[]>, onError?: (error: unknown) => void) {
    this.value_ = new RefreshingValue({ load, maxAgeMs: MAX_AGE_MS, fallback: () => [], onError })
  }

  static fromQuery(query: ShippingOptionQuery, providerId: string, onError?: (error: unknown) => void): ServicesInUse {
    return new ServicesInUse(async () => {
      const { data } = await query.graph({ entity: "shipping_option", fields: ["id", "data"], filters: { provider_id: providerId } })
      return (data as { data?: OptionData | null }[]).map((option) => option.data ?? {})
    }, onError)
  }

  /**
   * A shipping option being created or changed on this instance (Medusa asks the provider's
   * canCalculate first): its service is quoted from then on, before the option is even stored.
   */
  announce(data: OptionData | null | undefined): void {
    if (!data) return
    const now = Date.now()
    this.announced_ = [...this.announced_.filter((entry) => entry.until > now), { data, until: now + ANNOUNCED_MS }].slice(-100)
  }

  /** The services of the store's carrier shipping options, with the options in force applied. */
  async list(options: NordicParcelOptions): Promise<ServiceOptions[]> {
    const now = Date.now()
    const announced = this.announced_.filter((entry) => entry.until > now).map((entry) => entry.data)
    return [...(await this.value_.get()), ...announced].flatMap((data) => serviceForOptionData(options, data) ?? [])
  }
}
