"use client"
/**
 * The shopper's return page (`ReturnRequest`): choose items, quantities and a reason, see the
 * carrier's return options with what each costs under the merchant's policy (asked again as the
 * choice changes), confirm; then the label PDF and QR codes (`ReturnLabel`) and the drop-off
 * points nearest the order's address. The price the shopper confirms is sent with the return, so
 * the store refuses it (and the page asks again) instead of charging another one.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from "react"
import {
  dropOffPointsQuery,
  formatAfterSaleAmount,
  formatDistance,
  weekdayNames,
  openingHoursLines,
  returnableItems,
  returnItemsFor,
  returnOptionItems,
  returnOptionsKey,
  returnRequestTextsFor,
  storeErrorText,
  toStoreError,
  withQuantity,
  type CreateReturnResult,
  type NordicParcelClient,
  type NordicParcelStoreError,
  type OrderAccess,
  type OrderForReturn,
  type ReturnOption,
  type ReturnReason,
  type ReturnRequestTexts,
  type ReturnSelection,
} from "./core"
import { ReturnLabel, type ReturnLabelPart } from "./return-label"
import { useRemote } from "./use-remote"

export type ReturnRequestPart =
  | "form"
  | "items"
  | "item"
  | "itemLabel"
  | "quantity"
  | "returnable"
  | "reason"
  | "note"
  | "options"
  | "option"
  | "optionLabel"
  | "price"
  | "status"
  | "retry"
  | "confirm"
  | "error"
  | "created"
  | "dropOff"
  | "dropOffList"
  | "dropOffPoint"

export type ReturnRequestProps = {
  client: NordicParcelClient
  /** The order as Medusa's store route gives it (`id`, `items` with `detail`, `shipping_address`). */
  order: OrderForReturn
  /** The store's return reasons (`listReturnReasons(sdk)`); with none, no reason is asked. */
  reasons?: ReturnReason[]
  /** A guest's second factor for the order; a signed-in customer's own order needs none. */
  access?: OrderAccess | null
  /** en, nb (no, nn), sv, da or fi; anything else reads English. */
  locale?: string
  texts?: Partial<ReturnRequestTexts>
  /** How many drop-off points to show after the return is booked (nearest first). */
  dropOffPoints?: number
  /** Called once the return exists (e.g. to refresh the order page's data). */
  onCreated?: (result: CreateReturnResult) => void
  className?: string
  classNames?: Partial<Record<ReturnRequestPart, string>>
  /** Class names of the label and QR codes shown after confirming (`ReturnLabel`'s parts). */
  labelClassNames?: Partial<Record<ReturnLabelPart, string>>
}

/**
 * A native form: number fields with their item's name as label, a select for the reason, the
 * options as radio buttons under a legend, status lines announced politely, failures as alerts.
 * Unstyled: every part takes a class name (`classNames`) and carries data attributes
 * (`data-selected`, `data-state`, `data-price-source`).
 */
export function ReturnRequest(props: ReturnRequestProps) {
  const { client, order, reasons = [], access, locale, dropOffPoints = 3, onCreated } = props
  const cn = props.classNames ?? {}
  const t = returnRequestTextsFor(locale, props.texts)
  const id = useId()
  const [created, setCreated] = useState<CreateReturnResult | null>(null)

  if (created) {
    return (
      <section className={props.className} aria-labelledby={`${id}-heading`} data-state="created">
        <h2 id={`${id}-heading`}>{t.heading}</h2>
        <p className={cn.created} role="status">
          {t.created}
        </p>
        <ReturnDocumentsAfterCreate client={client} orderId={order.id} created={created} access={access} locale={locale} texts={t} classNames={props.labelClassNames} />
        {order.shipping_address?.postal_code && (
          <DropOffPoints client={client} order={order} limit={dropOffPoints} locale={locale} t={t} cn={cn} />
        )}
      </section>
    )
  }
  return (
    <section className={props.className} aria-labelledby={`${id}-heading`} data-state="choosing">
      <h2 id={`${id}-heading`}>{t.heading}</h2>
      <ReturnForm {...props} reasons={reasons} t={t} cn={cn} formId={id} onDone={(result) => (setCreated(result), onCreated?.(result))} />
    </section>
  )
}

type FormProps = ReturnRequestProps & {
  reasons: ReturnReason[]
  t: ReturnRequestTexts
  cn: Partial<Record<ReturnRequestPart, string>>
  formId: string
  onDone: (result: CreateReturnResult) => void
}

function ReturnForm({ client, order, reasons, access, locale, t, cn, formId: id, onDone }: FormProps) {
  const items = returnableItems(order)
  const [selection, setSelection] = useState<ReturnSelection>({})
  const [reasonId, setReasonId] = useState("")
  const [note, setNote] = useState("")
  const [optionId, setOptionId] = useState<string | null>(null)
  const [submitting, setSubmitting] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [reasonMissing, setReasonMissing] = useState(false)
  // A second click while the first confirmation runs must not make a second return.
  const inFlight = useRef(false)

  const chosen = returnItemsFor(selection, items)
  const key = chosen.length ? returnOptionsKey(chosen) : null
  const options = useRemote<ReturnOption[]>(
    key && `${order.id}:${key}`,
    (signal) => client.listReturnOptions(order.id, returnOptionItems(chosen), { signal, access }),
    // Typing a quantity asks once it settles, not for every keystroke.
    250
  )
  const current = options.loading ? undefined : options.data
  // The choice follows the options: one option is chosen for the shopper, a vanished one is dropped.
  useEffect(() => {
    if (!current) return
    if (current.length === 1) setOptionId(current[0].shipping_option_id)
    else setOptionId((previous) => (current.some((o) => o.shipping_option_id === previous) ? previous : null))
  }, [current])
  const option = current?.find((o) => o.shipping_option_id === optionId)

  if (items.length === 0) {
    return <p className={cn.status}>{t.nothingReturnable}</p>
  }

  const price = (o: ReturnOption) => (o.amount === 0 ? t.free : formatAfterSaleAmount(o.amount, o.currency_code, locale))
  const canConfirm = Boolean(chosen.length && option && !options.loading && !submitting)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!canConfirm || !option || inFlight.current) return
    if (reasons.length > 0 && !reasonId) {
      setReasonMissing(true)
      return
    }
    inFlight.current = true
    setSubmitting(true)
    setFailure(null)
    try {
      const result = await client.createReturn(
        order.id,
        {
          items: returnItemsFor(selection, items, { reason_id: reasonId || null, note }),
          // The price the shopper saw: the store refuses the return if it is no longer the price.
          return_shipping: { option_id: option.shipping_option_id, price: option.amount },
        },
        { access }
      )
      onDone(result)
    } catch (error) {
      const failed = toStoreError(error)
      if (failed.kind === "invalid" && /return_shipping\.price/.test(failed.message)) {
        setFailure(t.priceChanged)
        options.reload()
      } else if (failed.kind === "invalid") {
        setFailure(t.selectionRefused)
      } else {
        setFailure(storeErrorText(failed, t))
      }
    } finally {
      inFlight.current = false
      setSubmitting(false)
    }
  }

  const optionsStatus = !key
    ? t.chooseItemsFirst
    : options.loading
      ? t.loadingOptions
      : options.error
        ? optionsErrorText(options.error, t)
        : current && current.length === 0
          ? t.noReturnOptions
          : current && !option
            ? t.chooseOption
            : ""

  return (
    <form className={cn.form} onSubmit={submit} noValidate aria-busy={submitting}>
      <fieldset className={cn.items}>
        <legend>{t.itemsLegend}</legend>
        {items.map((item) => {
          const inputId = `${id}-qty-${item.id}`
          const quantity = selection[item.id] ?? 0
          return (
            <div key={item.id} className={cn.item} data-item-id={item.id} data-selected={quantity > 0}>
              <label htmlFor={inputId} className={cn.itemLabel}>
                {item.title}
                {item.variant_title ? ` (${item.variant_title})` : ""}
              </label>{" "}
              <input
                id={inputId}
                className={cn.quantity}
                type="number"
                inputMode="numeric"
                min={0}
                max={item.returnable}
                step={1}
                value={quantity}
                aria-label={t.quantityLabel(item.title)}
                aria-describedby={`${inputId}-of`}
                disabled={submitting}
                onChange={(event) => setSelection((s) => withQuantity(s, item, Number(event.target.value)))}
              />{" "}
              <span id={`${inputId}-of`} className={cn.returnable}>
                {t.returnableOf(item.returnable)}
              </span>
            </div>
          )
        })}
      </fieldset>

      {reasons.length > 0 && (
        <div className={cn.reason}>
          <label htmlFor={`${id}-reason`}>{t.reasonLabel}</label>{" "}
          <select
            id={`${id}-reason`}
            value={reasonId}
            required
            aria-invalid={reasonMissing && !reasonId}
            aria-describedby={reasonMissing && !reasonId ? `${id}-reason-error` : undefined}
            disabled={submitting}
            onChange={(event) => setReasonId(event.target.value)}
          >
            <option value="">{t.reasonPlaceholder}</option>
            {reasons.map((reason) => (
              <option key={reason.id} value={reason.id}>
                {reason.label}
              </option>
            ))}
          </select>
          {reasonMissing && !reasonId && (
            <p id={`${id}-reason-error`} className={cn.error} role="alert">
              {t.reasonRequired}
            </p>
          )}
        </div>
      )}

      <div className={cn.note}>
        <label htmlFor={`${id}-note`}>{t.noteLabel}</label>{" "}
        <textarea id={`${id}-note`} value={note} maxLength={500} rows={2} disabled={submitting} onChange={(event) => setNote(event.target.value)} />
      </div>

      <fieldset className={cn.options} aria-busy={options.loading}>
        <legend>{t.optionsLegend}</legend>
        <p className={cn.status} role="status" aria-live="polite" data-state={options.loading ? "loading" : options.error ? "error" : "idle"} data-error-kind={options.error?.kind}>
          {optionsStatus}
          {options.error && options.error.kind !== "invalid" && (
            <>
              {" "}
              <button type="button" className={cn.retry} onClick={options.reload}>
                {t.retry}
              </button>
            </>
          )}
        </p>
        {key &&
          current?.map((o) => {
            const inputId = `${id}-option-${o.shipping_option_id}`
            return (
              <div key={o.shipping_option_id} className={cn.option} data-selected={o.shipping_option_id === optionId} data-price-source={o.price_source}>
                <input
                  id={inputId}
                  type="radio"
                  name={`${id}-return-option`}
                  value={o.shipping_option_id}
                  checked={o.shipping_option_id === optionId}
                  disabled={submitting}
                  onChange={() => setOptionId(o.shipping_option_id)}
                />{" "}
                <label htmlFor={inputId} className={cn.optionLabel}>
                  {o.name} <span className={cn.price}>{price(o)}</span>
                  {o.qr_codes && <span> · {t.qrCodesOffered}</span>}
                </label>
              </div>
            )
          })}
      </fieldset>

      {failure && (
        <p className={cn.error} role="alert">
          {failure}
        </p>
      )}
      <button type="submit" className={cn.confirm} disabled={!canConfirm} aria-busy={submitting}>
        {submitting ? t.confirming : option ? t.confirm(price(option)) : t.confirm("–")}
      </button>
    </form>
  )
}

function optionsErrorText(error: NordicParcelStoreError, t: ReturnRequestTexts): string {
  return error.kind === "invalid" ? t.selectionRefused : storeErrorText(error, t)
}

/**
 * The label and QR codes of the return just made: its own shipment when the store answered with
 * it, else the order's shipments asked again every few seconds until the return's booking shows.
 */
function ReturnDocumentsAfterCreate({
  client,
  orderId,
  created,
  access,
  locale,
  texts,
  classNames,
}: {
  client: NordicParcelClient
  orderId: string
  created: CreateReturnResult
  access: OrderAccess | null | undefined
  locale: string | undefined
  texts: ReturnRequestTexts
  classNames?: Partial<Record<ReturnLabelPart, string>>
}) {
  const [tick, setTick] = useState(0)
  const waiting = !created.shipment?.return_label
  useEffect(() => {
    if (!waiting) return
    const timer = setInterval(() => setTick((n) => n + 1), 3000)
    return () => clearInterval(timer)
  }, [waiting])
  if (!waiting) {
    return <ReturnLabel client={client} orderId={orderId} shipments={[created.shipment!]} access={access} locale={locale} texts={texts} classNames={classNames} />
  }
  return (
    <>
      <p role="status">{texts.documentsFollow}</p>
      <ReturnLabel client={client} orderId={orderId} refreshKey={String(tick)} access={access} locale={locale} texts={texts} classNames={classNames} />
    </>
  )
}

function DropOffPoints({
  client,
  order,
  limit,
  locale,
  t,
  cn,
}: {
  client: NordicParcelClient
  order: OrderForReturn
  limit: number
  locale: string | undefined
  t: ReturnRequestTexts
  cn: Partial<Record<ReturnRequestPart, string>>
}) {
  const id = useId()
  const query = dropOffPointsQuery(order.shipping_address ?? {}, limit)
  const points = useRemote(JSON.stringify(query), (signal) => client.listPickupPoints(query, { signal }))
  return (
    <section className={cn.dropOff} aria-labelledby={`${id}-drop-off`}>
      <h3 id={`${id}-drop-off`}>{t.dropOffHeading}</h3>
      {points.loading || points.error ? (
        <p className={cn.status} role={points.error ? "alert" : "status"} data-error-kind={points.error?.kind}>
          {points.error ? storeErrorText(points.error, t) : t.loading}
          {points.error && (
            <>
              {" "}
              <button type="button" className={cn.retry} onClick={points.reload}>
                {t.retry}
              </button>
            </>
          )}
        </p>
      ) : points.data && points.data.length > 0 ? (
        <ol className={cn.dropOffList}>
          {points.data.map((point) => {
            const hours = point.opening_hours_by_day.length ? openingHoursLines(point.opening_hours_by_day, { days: weekdayNames(locale) }) : point.opening_hours ? [point.opening_hours] : []
            return (
              <li key={point.id} className={cn.dropOffPoint} data-locker={point.is_locker} data-point-id={point.id}>
                <strong>{point.name}</strong>
                {point.distance_km !== undefined && <> · {formatDistance(point.distance_km, locale)}</>} · {point.is_locker ? t.locker : t.manned}
                <br />
                {/* The visiting (street) address: where the shopper goes. */}
                {point.address}, {point.postal_code} {point.city}
                {hours.length > 0 && (
                  <>
                    <br />
                    {t.openingHours}: {hours.join("; ")}
                  </>
                )}
              </li>
            )
          })}
        </ol>
      ) : (
        <p className={cn.status}>{t.noDropOffPoints}</p>
      )}
    </section>
  )
}
