"use client"
/*
 * The order page's tracking timeline: shipments loaded by order-shipments.tsx
 * (`client.listOrderShipments`), texts in five languages from after-sale-texts.ts, a failed route's
 * message by store-error-message.tsx.
 */
import { carrierLinkHref, formatEventTime, trackingEventText } from "./core"
import { useOrderPage, type OrderPageProps } from "./order-shipments"

export type TrackingTimelinePart = "shipment" | "heading" | "meta" | "link" | "list" | "event" | "time" | "text" | "empty" | "status"

export type TrackingTimelineProps = OrderPageProps<TrackingTimelinePart> & {
  /** Show only the parcel (`outbound`) or only returns; both by default. */
  kind?: "outbound" | "return"
}

/**
 * Where the order's parcels are: each shipment with its carrier events, newest first, in the
 * shopper's language, the shipment number and a link to the carrier's tracking page. Unstyled:
 * every part takes a class name and carries data attributes (`data-status` with the carrier's event
 * name, `data-latest` on the newest event, `data-kind` on each shipment).
 */
export function TrackingTimeline(props: TrackingTimelineProps) {
  const { kind, locale, className, classNames: cn = {} } = props
  const { t, shipments, pending } = useOrderPage(props, "trackingHeading")
  if (!shipments) return pending
  const shown = shipments.filter((shipment) => !kind || shipment.kind === kind)
  return (
    <section className={className} aria-label={t.trackingHeading} data-count={shown.length}>
      {shown.length === 0 && <p className={cn.empty}>{t.noShipmentsYet}</p>}
      {shown.map((shipment) => {
        const newestFirst = [...shipment.tracking_events].reverse()
        const trackingHref = carrierLinkHref(shipment.tracking_url)
        return (
          <article key={shipment.id} className={cn.shipment} data-kind={shipment.kind} data-status={shipment.status}>
            <h3 className={cn.heading}>
              {shipment.kind === "return" ? t.returnParcel : t.outboundParcel}: {shipment.service_name}
            </h3>
            <p className={cn.meta}>
              {t.shipmentNumber} {shipment.consignment_number}
              {trackingHref && (
                <>
                  {" "}
                  <a className={cn.link} href={trackingHref} target="_blank" rel="noopener noreferrer">
                    {t.trackAtCarrier}
                  </a>
                </>
              )}
            </p>
            {newestFirst.length === 0 ? (
              <p className={cn.empty}>{shipment.kind === "return" ? t.noReturnEventsYet : t.noEventsYet}</p>
            ) : (
              <ol className={cn.list}>
                {newestFirst.map((event, index) => (
                  <li
                    key={`${event.status}-${event.occurred_at}-${event.package_number ?? ""}`}
                    className={cn.event}
                    data-status={event.status}
                    data-latest={index === 0}
                    aria-current={index === 0 ? "step" : undefined}
                  >
                    <time className={cn.time} dateTime={event.occurred_at}>
                      {formatEventTime(event.occurred_at, locale)}
                    </time>{" "}
                    <span className={cn.text}>{trackingEventText(event.status, t, shipment.kind)}</span>
                  </li>
                ))}
              </ol>
            )}
          </article>
        )
      })}
    </section>
  )
}
