/*
 * The services the store's shipping options use, quoted with the configured ones; held by the module
 * (`servicesInUse(query)`, which reads the options through modules/nordic_parcel/store-reads.ts),
 * announced by the provider's `canCalculate`. Never served older than 5 s
 * (`RefreshingValue`'s `maxServedAgeMs`, refreshed in the background from 2.5 s); an announcement
 * lapses once the database was read after it, so a deleted option leaves the lookup within 5 s.
 */
import { serviceForOptionData, type NordicParcelOptions, type ServiceOptions } from "../options"
import { RefreshingValue } from "../settings/refreshing-value"

/** The data of a shipping option (what the admin stored from getFulfillmentOptions). */
export type OptionData = Record<string, unknown>

/**
 * How old the list of services used by shipping options may get (the README's promise): a
 * created option joins, a deleted one leaves the shared quote within this time on every instance.
 * Past it the list is not served; the read waits for the database.
 */
export const SERVICES_IN_USE_MAX_AGE_MS = 5_000
/** From this age the list is read again in the background, so busy checkouts never wait. */
const REFRESH_AFTER_MS = 2_500
/**
 * An announced option counts until a read that started this long after the announcement has
 * completed (by then the option is stored, or was never created), and at most ANNOUNCED_MS.
 */
const ANNOUNCEMENT_GRACE_MS = 2_000
const ANNOUNCED_MS = 60_000

type Announcement = { data: OptionData; at: number }

/**
 * The carrier services the store's shipping options use, read from the database every few
 * seconds. A service from the customer list (e.g. BUSINESS_PARCEL) is usable as a shipping option
 * without a `services` entry in the options; quoting it together with the configured ones keeps
 * checkout at one carrier lookup per cart state.
 */
export class ServicesInUse {
  private readonly value_: RefreshingValue<OptionData[]>
  private announced_: Announcement[] = []
  /** When the last completed database read started: announcements older than that are in it. */
  private readStartedAt_ = Number.NEGATIVE_INFINITY
  private readonly now_: () => number

  constructor(load: () => Promise<OptionData[]>, onError?: (error: unknown) => void, now: () => number = Date.now) {
    this.now_ = now
    const timedLoad = async () => {
      const startedAt = this.now_()
      const loaded = await load()
      this.readStartedAt_ = Math.max(this.readStartedAt_, startedAt)
      return loaded
    }
    this.value_ = new RefreshingValue({
      load: timedLoad,
      maxAgeMs: REFRESH_AFTER_MS,
      maxServedAgeMs: SERVICES_IN_USE_MAX_AGE_MS,
      fallback: () => [],
      onError,
      now,
    })
  }

  /**
   * A shipping option being created or changed on this instance (Medusa asks the provider's
   * canCalculate first): its service is quoted from then on, before the option is even stored.
   * The announcement lapses once the database has been read after it, so an option deleted soon
   * after it was created leaves the quote as any other.
   */
  announce(data: OptionData | null | undefined): void {
    if (!data) return
    this.announced_ = [...this.current(), { data, at: this.now_() }].slice(-100)
  }

  /** The services of the store's carrier shipping options, with the options in force applied. */
  async list(options: NordicParcelOptions): Promise<ServiceOptions[]> {
    const stored = await this.value_.get()
    const announced = this.current().map((entry) => entry.data)
    return [...stored, ...announced].flatMap((data) => serviceForOptionData(options, data) ?? [])
  }

  private current(): Announcement[] {
    const now = this.now_()
    this.announced_ = this.announced_.filter(
      (entry) => entry.at + ANNOUNCED_MS > now && entry.at + ANNOUNCEMENT_GRACE_MS > this.readStartedAt_
    )
    return this.announced_
  }
}
