"use client"
import { type NordicParcelClient, expectedDeliveryText, formatAmount, storeErrorText, textsFor, type StorefrontTexts, type DeliveryOption } from "./core"
import { useRemote, type RemoteState } from "./use-remote"

/** The cart's carrier options with prices and expected dates; reloads when `refreshKey` changes. */
export function useDeliveryOptions(client: NordicParcelClient, cartId: string | null | undefined, refreshKey = ""): RemoteState<DeliveryOption[]> {
  return useRemote(cartId ? `${cartId}:${refreshKey}` : null, (signal) => client.listDeliveryOptions(cartId!, { signal }))
}

/**
 * The sentence a shopper reads for one option: the expected date with the carrier's arrival window
 * where it gives one ("Expected delivery Thursday 26 November between 08:00 and 16:00"), or the
 * carrier's own message.
 */
export function deliveryPromiseText(option: DeliveryOption, locale: string | undefined, t: StorefrontTexts): string {
  if (!option.available) return t.optionUnavailable
  if (option.expected_delivery_date) return expectedDeliveryText(option.expected_delivery_date, option.expected_delivery_window, locale, t)
  return option.display.delivery_message ?? t.noDeliveryDate
}

export type DeliveryPromiseClassNames = Partial<Record<"list" | "item" | "name" | "price" | "date" | "message" | "description" | "status", string>>

export type DeliveryPromiseProps = {
  /** The options, when the page already has them (e.g. fetched on the server)… */
  options?: DeliveryOption[]
  /** …or a client and the cart, to load them here. */
  client?: NordicParcelClient
  cartId?: string
  /** Show only this shipping option's promise, inline (e.g. inside the starter's option row). */
  optionId?: string
  /** Changes when the cart's address or items change, to load the dates again. */
  refreshKey?: string
  locale?: string
  texts?: Partial<StorefrontTexts>
  showPrice?: boolean
  className?: string
  classNames?: DeliveryPromiseClassNames
}

/**
 * The expected delivery date and the carrier's text for each delivery option of a cart, or for
 * one option (`optionId`). Unstyled: every element takes a class name and carries data attributes.
 */
export function DeliveryPromise(props: DeliveryPromiseProps) {
  const { options: given, client, cartId, optionId, refreshKey, locale, texts, showPrice = true, className, classNames = {} } = props
  const t = textsFor(locale, texts)
  const remote = useRemote(
    given || !client || !cartId ? null : `${cartId}:${refreshKey ?? ""}`,
    (signal) => client!.listDeliveryOptions(cartId!, { signal })
  )
  const options = given ?? remote.data

  if (!options) {
    if (!client || !cartId) return null
    const message = remote.error ? storeErrorText(remote.error, { ...t, unavailable: t.failed }) : remote.loading ? t.loading : ""
    return (
      <div className={className} role="status" data-state={remote.error ? "error" : "loading"} data-error-kind={remote.error?.kind}>
        <span className={classNames.status}>{message}</span>
        {remote.error && (
          <button type="button" onClick={remote.reload}>
            {t.retry}
          </button>
        )}
      </div>
    )
  }

  if (optionId) {
    const option = options.find((o) => o.shipping_option_id === optionId)
    if (!option) return null
    return (
      <span className={className ?? classNames.date} data-available={option.available} data-service-code={option.service_code}>
        {deliveryPromiseText(option, locale, t)}
      </span>
    )
  }

  return (
    <ul className={className ?? classNames.list} aria-label={t.deliveryOptionsHeading}>
      {options.map((option) => (
        <li key={option.shipping_option_id} className={classNames.item} data-available={option.available} data-service-code={option.service_code}>
          <span className={classNames.name}>{option.display.name || option.name}</span>{" "}
          {showPrice && option.amount !== null && (
            <span className={classNames.price}>{formatAmount(option.amount, option.currency_code, locale)}</span>
          )}{" "}
          <span
            className={classNames.date}
            data-date={option.expected_delivery_date ?? undefined}
            data-window={option.expected_delivery_window ? `${option.expected_delivery_window.from}-${option.expected_delivery_window.to}` : undefined}
          >
            {deliveryPromiseText(option, locale, t)}
          </span>
          {option.working_days !== null && option.available && (
            <span className={classNames.message}> ({t.workingDays(option.working_days)})</span>
          )}
          {option.display.description && <span className={classNames.description}> {option.display.description}</span>}
        </li>
      ))}
    </ul>
  )
}
