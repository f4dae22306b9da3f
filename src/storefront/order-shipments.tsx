"use client"
import { afterSaleTextsFor, storeErrorText, type AfterSaleTexts, type NordicParcelClient, type OrderAccess, type OrderShipment } from "./core"
import { useRemote, type RemoteState } from "./use-remote"

/**
 * An order's shipments with tracking and return documents; loads again when `refreshKey` (or the
 * guest's `access`) changes. A guest passes `access` (the order's e-mail or an access token).
 */
export function useOrderShipments(
  client: NordicParcelClient | undefined,
  orderId: string | null | undefined,
  refreshKey = "",
  access?: OrderAccess | null
): RemoteState<OrderShipment[]> {
  const accessKey = access ? ("token" in access ? `t:${access.token}` : `e:${access.email}`) : ""
  return useRemote(client && orderId ? `${orderId}:${refreshKey}:${accessKey}` : null, (signal) =>
    client!.listOrderShipments(orderId!, { signal, access })
  )
}

/** What the order page's components (`TrackingTimeline`, `ReturnLabel`) take beside their own props. */
export type OrderPageProps<Part extends string> = {
  /** The order's shipments, when the page already has them (`client.listOrderShipments` on the server)… */
  shipments?: OrderShipment[]
  /** …or a client and the order's id, to load them here (as the order's shopper). */
  client?: NordicParcelClient
  orderId?: string
  /**
   * A guest's second factor for the order (the order's e-mail, or a token from
   * `client.requestOrderAccess`); a signed-in customer reading their own order needs none.
   */
  access?: OrderAccess | null
  /** Changes when the page wants the shipments again (e.g. a timer or a "refresh" button). */
  refreshKey?: string
  /** en, nb (no, nn), sv, da or fi; anything else reads English. */
  locale?: string
  texts?: Partial<AfterSaleTexts>
  className?: string
  classNames?: Partial<Record<Part | "status", string>>
}

/**
 * How the order page's components start: their texts in the shopper's language and the shipments
 * given by the page or loaded here. Until the shipments are there, `pending` is what to show: the
 * component's section with "Loading…", or what went wrong and a "Try again" button.
 */
export function useOrderPage<Part extends string>(props: OrderPageProps<Part>, heading: "trackingHeading" | "returnHeading") {
  const t = afterSaleTextsFor(props.locale, props.texts)
  const remote = useOrderShipments(props.shipments ? undefined : props.client, props.orderId, props.refreshKey, props.access)
  const pending = (
    <section className={props.className} aria-label={t[heading]}>
      <ShipmentsStatus remote={remote} t={t} className={props.classNames?.status} />
    </section>
  )
  return { t, shipments: props.shipments ?? remote.data, pending }
}

function ShipmentsStatus({ remote, t, className }: { remote: RemoteState<OrderShipment[]>; t: AfterSaleTexts; className?: string }) {
  if (!remote.error && !remote.loading) return null
  return (
    <p className={className} role={remote.error ? "alert" : "status"} data-state={remote.error ? "error" : "loading"} data-error-kind={remote.error?.kind}>
      {remote.error ? storeErrorText(remote.error, t) : t.loading}
      {remote.error && (
        <>
          {" "}
          <button type="button" onClick={remote.reload}>
            {t.retry}
          </button>
        </>
      )}
    </p>
  )
}
