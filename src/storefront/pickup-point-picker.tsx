"use client"
import { useEffect, useId, useRef, useState, type FormEvent } from "react"
import { type NordicParcelClient, openingHoursLines, pickupArrivalText, storeErrorText, parsePickupPointSearch, pickupPointQueryFor, type PickupPointSearch, textsFor, type StorefrontTexts, type PickupPoint } from "./core"
import { useRemote } from "./use-remote"

export type PickupPointPickerPart =
  | "summary"
  | "toggle"
  | "panel"
  | "search"
  | "searchLabel"
  | "searchInput"
  | "searchButton"
  | "status"
  | "retry"
  | "list"
  | "option"
  | "radio"
  | "label"
  | "name"
  | "badge"
  | "distance"
  | "details"
  | "address"
  | "hours"
  | "arrival"
  | "selectedMark"

export type PickupPointPickerProps = {
  client: NordicParcelClient
  /** The shipping address the points are searched near. */
  countryCode: string
  postalCode: string
  street?: string
  /** Leaves out lockers the cart's parcel does not fit; for SERVICEPAKKE and 5800 each point then shows when the parcel is ready there. */
  cartId?: string
  /** The service the points are for (the chosen option's `service_code`); default: the cart's pickup-point service. */
  serviceCode?: string
  /** The chosen point's id (e.g. `shipping_methods[0].data.pickup_point_id`). */
  value?: string | null
  /**
   * The shopper chose a point. Return the save's promise: the point shows as chosen at once and,
   * if the save fails, the choice goes back to `value`.
   */
  onChange: (point: PickupPoint) => void | Promise<unknown>
  /** Called with the points each time a search answers (nearest first). */
  onPointsLoaded?: (points: PickupPoint[]) => void
  limit?: number
  type?: "manned" | "locker"
  locale?: string
  texts?: Partial<StorefrontTexts>
  /** The list starts open; without it the shopper opens it with the toggle button. */
  defaultOpen?: boolean
  className?: string
  classNames?: Partial<Record<PickupPointPickerPart, string>>
}

/**
 * The pickup points nearest the shipping address, with distance, opening hours, a locker or
 * staffed badge and, where the carrier estimates it (SERVICEPAKKE and 5800, with `cartId`), when
 * the parcel will be ready there; the shopper can search another postal code or street. The
 * list is a group of native radio buttons under a legend (arrow keys move the choice, screen readers announce each
 * point's name, distance and kind, with the address and hours as its description).
 *
 * Unstyled: every part takes a class name (`classNames`) and carries data attributes
 * (`data-selected`, `data-locker`, `data-state`) for Tailwind's `data-[selected=true]:` variants.
 */
export function PickupPointPicker(props: PickupPointPickerProps) {
  const { client, countryCode, postalCode, street, cartId, serviceCode, value, onChange, onPointsLoaded, limit = 10, type, locale, texts, defaultOpen = false } = props
  const cn = props.classNames ?? {}
  const t = textsFor(locale, texts)
  const id = useId()
  const [open, setOpen] = useState(defaultOpen)
  // The shopper's choice while it is being saved; `value` is the truth once it changes.
  const [pending, setPending] = useState<string | null>(null)
  useEffect(() => setPending(null), [value])
  const selectedId = pending ?? value
  const choose = (point: PickupPoint) => {
    setPending(point.id)
    const saving = onChange(point)
    if (saving && typeof saving.then === "function") {
      saving.then(
        () => undefined,
        () => setPending(null)
      )
    }
  }
  const [searchText, setSearchText] = useState("")
  const [search, setSearch] = useState<PickupPointSearch>({})
  // A new shipping address starts a new search from it.
  useEffect(() => setSearch({}), [countryCode, postalCode, street])

  // Until the shopper searches, the points are those nearest the shipping address.
  const query = search.postal_code || search.street
    ? {
        ...pickupPointQueryFor({ country_code: countryCode, postal_code: search.postal_code ?? postalCode }, cartId, limit),
        ...(search.street ? { street: search.street } : {}),
        ...(search.street_number ? { street_number: search.street_number } : {}),
        ...(type ? { type } : {}),
        ...(serviceCode ? { service_code: serviceCode } : {}),
      }
    : {
        ...pickupPointQueryFor({ country_code: countryCode, postal_code: postalCode, address_1: street }, cartId, limit),
        ...(type ? { type } : {}),
        ...(serviceCode ? { service_code: serviceCode } : {}),
      }
  const { data: points, error, loading, reload } = useRemote(
    countryCode && query.postal_code ? JSON.stringify(query) : null,
    (signal) => client.listPickupPoints(query, { signal })
  )
  const loaded = useRef(onPointsLoaded)
  loaded.current = onPointsLoaded
  useEffect(() => {
    if (points) loaded.current?.(points)
  }, [points])

  const chosen = points?.find((p) => p.id === selectedId)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSearch(parsePickupPointSearch(searchText))
  }

  const statusText = loading
    ? t.loading
    : error
      ? error.kind === "rate_limited"
        ? t.rateLimited
        : error.kind === "invalid"
          ? t.invalidSearch
          : `${storeErrorText(error, t)} ${t.nearestChosenForYou}`
      : points
        ? points.length
          ? t.resultsCount(points.length)
          : t.noResults
        : ""

  return (
    <div className={props.className} data-state={open ? "open" : "closed"}>
      <div className={cn.summary} id={`${id}-summary`}>
        <span id={`${id}-heading`}>{t.pickupPointHeading}</span>:{" "}
        <span data-selected={Boolean(chosen)}>
          {chosen ? `${chosen.name}, ${chosen.address}, ${chosen.postal_code} ${chosen.city}` : selectedId ? selectedId : t.noPickupPointChosen}
        </span>
      </div>
      <button
        type="button"
        className={cn.toggle}
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? t.closePicker : value ? t.changePickupPoint : t.choosePickupPoint}
      </button>
      <div id={`${id}-panel`} className={cn.panel} hidden={!open}>
        <form className={cn.search} role="search" onSubmit={submit}>
          <label className={cn.searchLabel} htmlFor={`${id}-search`}>
            {t.searchLabel}
          </label>
          <input
            id={`${id}-search`}
            className={cn.searchInput}
            type="search"
            value={searchText}
            placeholder={t.searchPlaceholder}
            autoComplete="off"
            onChange={(event) => setSearchText(event.target.value)}
          />
          <button type="submit" className={cn.searchButton}>
            {t.searchButton}
          </button>
        </form>
        <p className={cn.status} role="status" aria-live="polite" data-state={loading ? "loading" : error ? "error" : "idle"}>
          {statusText}
          {error && error.kind !== "invalid" && (
            <>
              {" "}
              <button type="button" className={cn.retry} onClick={reload}>
                {t.retry}
              </button>
            </>
          )}
        </p>
        {points && points.length > 0 && (
          <fieldset className={cn.list} aria-busy={loading || pending !== null}>
            <legend>{t.pickupPointHeading}</legend>
            {points.map((point) => {
              const selected = point.id === selectedId
              const hours = point.opening_hours_by_day.length ? openingHoursLines(point.opening_hours_by_day, t) : point.opening_hours ? [point.opening_hours] : []
              const inputId = `${id}-${point.id}`
              return (
                <div key={point.id} className={cn.option} data-selected={selected} data-locker={point.is_locker}>
                  <input
                    id={inputId}
                    className={cn.radio}
                    type="radio"
                    name={`${id}-pickup-point`}
                    value={point.id}
                    checked={selected}
                    onChange={() => choose(point)}
                    aria-describedby={`${inputId}-details`}
                  />
                  <label htmlFor={inputId} className={cn.label}>
                    <span className={cn.name}>{point.name}</span>{" "}
                    {point.distance_km !== undefined && <span className={cn.distance}>{t.distance(point.distance_km)}</span>}{" "}
                    <span className={cn.badge} data-locker={point.is_locker}>
                      {point.is_locker ? t.locker : t.manned}
                    </span>
                    {selected && <span className={cn.selectedMark}> ({t.selected})</span>}
                  </label>
                  <div id={`${inputId}-details`} className={cn.details}>
                    <span className={cn.address}>
                      {point.address}, {point.postal_code} {point.city}
                    </span>
                    {hours.length > 0 && (
                      <span className={cn.hours}>
                        {" "}
                        {t.openingHours}: {hours.join("; ")}
                      </span>
                    )}
                    {point.estimated_arrival && (
                      <span className={cn.arrival} data-date={point.estimated_arrival.date}>
                        {" "}
                        {pickupArrivalText(point.estimated_arrival, locale, t)}
                      </span>
                    )}
                  </div>
                </div>
              )
            })}
          </fieldset>
        )}
      </div>
    </div>
  )
}
