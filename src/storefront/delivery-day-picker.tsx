"use client"
import { useEffect, useId, useState } from "react"
import { deliveryDateLabel, offeredDeliveryDate, textsFor, type DeliveryOption, type StorefrontTexts } from "./core"

export type DeliveryDayPickerPart = "list" | "legend" | "option" | "radio" | "label" | "earliest"

export type DeliveryDayPickerProps = {
  /** The chosen shipping option as the delivery-options route lists it (`useDeliveryOptions`). */
  option: Pick<DeliveryOption, "shipping_option_id" | "takes_delivery_date" | "delivery_dates"> | null | undefined
  /** The stored day (`shipping_methods[0].data.delivery_date`); none means the expected date. */
  value?: string | null
  /**
   * The shopper chose a day: set the shipping method again with it (`setShippingMethod` with
   * `deliveryDate`). Return the save's promise: the day shows as chosen at once and, if the save
   * fails (e.g. 400: the carrier no longer offers it), the choice goes back to `value`.
   */
  onChange: (date: string) => void | Promise<unknown>
  locale?: string
  texts?: Partial<StorefrontTexts>
  className?: string
  classNames?: Partial<Record<DeliveryDayPickerPart, string>>
}

/**
 * The days the carrier can deliver the chosen option on, each with its arrival window where the
 * carrier gives one: the expected day first, then the alternatives. Nothing renders for a service
 * that takes no requested day, or when the carrier offered no alternative.
 *
 * A group of native radio buttons under a legend (arrow keys move the choice; each day is read
 * with its hours). Without a stored day the expected one shows as chosen, since that is the day
 * the carrier delivers on; a stored day the carrier no longer offers shows none chosen, so the
 * shopper chooses again rather than being moved to another day.
 *
 * Unstyled: every part takes a class name and carries data attributes (`data-selected`,
 * `data-earliest`, `data-date`).
 */
export function DeliveryDayPicker(props: DeliveryDayPickerProps) {
  const { option, value, onChange, locale, texts, className } = props
  const cn = props.classNames ?? {}
  const t = textsFor(locale, texts)
  const id = useId()
  const [pending, setPending] = useState<string | null>(null)
  useEffect(() => setPending(null), [value])
  if (!option?.takes_delivery_date || option.delivery_dates.length < 2) return null

  const stored = pending ?? value ?? null
  const selected = stored ? offeredDeliveryDate(option, stored) : option.delivery_dates[0].date
  const choose = (date: string) => {
    setPending(date)
    const saving = onChange(date)
    if (saving && typeof saving.then === "function") {
      saving.then(
        () => undefined,
        () => setPending(null)
      )
    }
  }

  return (
    <fieldset className={className ?? cn.list} aria-busy={pending !== null} data-option-id={option.shipping_option_id}>
      <legend className={cn.legend}>{t.deliveryDayHeading}</legend>
      {option.delivery_dates.map((day, index) => {
        const inputId = `${id}-${day.date}`
        const isSelected = day.date === selected
        return (
          <div key={day.date} className={cn.option} data-selected={isSelected} data-earliest={index === 0} data-date={day.date}>
            <input
              id={inputId}
              className={cn.radio}
              type="radio"
              name={`${id}-delivery-day`}
              value={day.date}
              checked={isSelected}
              onChange={() => choose(day.date)}
            />
            <label htmlFor={inputId} className={cn.label}>
              {deliveryDateLabel(day, locale, t)}
              {index === 0 && <span className={cn.earliest}> ({t.earliestDay})</span>}
            </label>
          </div>
        )
      })}
    </fieldset>
  )
}
