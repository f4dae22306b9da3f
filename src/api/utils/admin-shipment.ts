/** A shipment as the admin sees it: no booking key, no raw carrier payloads, labels to download. */
export function toAdminShipment<
  S extends { fulfillment_id: string; booking_key?: unknown; fulfillment_result?: unknown },
  E extends { raw?: unknown },
>(shipment: S, events: E[]) {
  const { booking_key: _key, fulfillment_result: _result, ...visible } = shipment
  return {
    ...visible,
    label_download_url: `/admin/nordic-parcel/fulfillments/${shipment.fulfillment_id}/label`,
    tracking_events: events.map(({ raw: _raw, ...event }) => event),
  }
}
