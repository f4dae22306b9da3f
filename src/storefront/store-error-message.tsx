"use client"
import { storeErrorText, textsFor, type NordicParcelStoreError, type StorefrontTexts } from "./core"

export type StoreErrorMessageProps = {
  /** The error of a hook's state (e.g. `useDeliveryOptions(…).error`); nothing renders without one. */
  error: NordicParcelStoreError | undefined
  /** Shows a "Try again" button (e.g. the hook's `reload`). */
  onRetry?: () => void
  locale?: string
  texts?: Partial<StorefrontTexts>
  className?: string
}

/**
 * A readable message for a store route that failed, for a page that loads with the hooks: "the
 * store cannot be reached" when the browser could not reach the backend at all (offline, or the
 * backend's STORE_CORS does not list the storefront's origin), instead of showing nothing.
 */
export function StoreErrorMessage({ error, onRetry, locale, texts, className }: StoreErrorMessageProps) {
  if (!error) return null
  const t = textsFor(locale, texts)
  return (
    <p className={className} role="alert" data-error-kind={error.kind}>
      {storeErrorText(error, { ...t, unavailable: t.failed })}
      {onRetry && (
        <>
          {" "}
          <button type="button" onClick={onRetry}>
            {t.retry}
          </button>
        </>
      )}
    </p>
  )
}
