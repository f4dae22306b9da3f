"use client"
import { useEffect, useId, useRef } from "react"
import { type NordicParcelClient, isCompletePostalCode, textsFor, type StorefrontTexts, type PostalCodeLookup } from "./core"
import { useRemote, type RemoteState } from "./use-remote"

/** The city of a postal code, looked up once the code is complete (null: unknown code). */
export function usePostalCodeCity(
  client: NordicParcelClient,
  countryCode: string,
  postalCode: string,
  debounceMs = 250
): RemoteState<PostalCodeLookup | null> {
  const complete = isCompletePostalCode(countryCode, postalCode)
  const key = complete ? `${countryCode.toUpperCase()}:${postalCode.replace(/\s+/g, "")}` : null
  return useRemote(key, (signal) => client.lookupPostalCode(countryCode, postalCode, { signal }), debounceMs)
}

export type PostalCodeCityProps = {
  client: NordicParcelClient
  countryCode: string
  postalCode: string
  /**
   * Called with the city when the code is known, null when it is not; fill the city field here. A
   * code shared by several places calls it with null until the shopper chooses one of them.
   */
  onCityChange?: (city: string | null, postalCode: PostalCodeLookup | null) => void
  locale?: string
  texts?: Partial<StorefrontTexts>
  className?: string
  debounceMs?: number
}

/**
 * Shows the city of the postal code the shopper types and hands it to `onCityChange`, so the
 * address form fills the city by itself. Only a code the shopper types after the form appears fills
 * the city: the code a saved address opens with leaves its city as the shopper wrote it. Renders an
 * `<output>` announced to screen readers, hidden while it has nothing to say (so it adds no empty
 * row under the field). A carrier that cannot answer leaves the city field as the shopper typed it;
 * a store that cannot be reached at all says so. A code shared by several places fills nothing by
 * itself: the shopper chooses their place from the list, which then fills the city.
 */
export function PostalCodeCity({ client, countryCode, postalCode, onCityChange, locale, texts, className, debounceMs }: PostalCodeCityProps) {
  const t = textsFor(locale, texts)
  const { data, error, loading } = usePostalCodeCity(client, countryCode, postalCode, debounceMs)
  const complete = isCompletePostalCode(countryCode, postalCode)
  const onChange = useRef(onCityChange)
  onChange.current = onCityChange
  // The code the form opened with; the city is filled only once the shopper has changed it.
  const code = `${countryCode}:${postalCode}`
  const openedWith = useRef(code)
  const typed = useRef(false)
  if (code !== openedWith.current) typed.current = true

  useEffect(() => {
    if (!complete || loading || error || !typed.current) return
    onChange.current?.(data?.city ?? null, data ?? null)
  }, [complete, loading, error, data])

  const choiceId = useId()
  const places = data?.cities ?? []
  if (complete && !loading && !error && data && !data.city && places.length > 1) {
    return (
      <div className={className} data-state="choose">
        <label htmlFor={choiceId}>{t.chooseCity}</label>{" "}
        <select id={choiceId} defaultValue="" onChange={(event) => onChange.current?.(event.target.value || null, data)}>
          <option value="" disabled>
            {t.cityLabel}
          </option>
          {places.map((place) => (
            <option key={place} value={place}>
              {place}
            </option>
          ))}
        </select>
      </div>
    )
  }

  const text = !complete || loading ? "" : error ? (error.kind === "network" ? t.unreachable : "") : (data?.city ?? t.cityUnknown)
  return (
    <output
      className={className}
      aria-live="polite"
      hidden={!text}
      data-state={!complete || loading ? "idle" : error ? "error" : data ? "found" : "unknown"}
    >
      {text}
    </output>
  )
}
