/*
 * Settings page: the bookings the carrier never confirmed (from `GET /admin/nordic-parcel/status`),
 * each booked again by the merchant's next fulfilment or the rebook route.
 */
import { Text } from "@medusajs/ui"
import { usePluginQuery } from "../lib/api"
import { Section } from "./section"

type UnconfirmedBookings = {
  unconfirmed_bookings: {
    count: number
    bookings: { id: string; order_id: string | null; service_code: string; carrier_reference: string; created_at: string; last_error: { message: string } | null }[]
  }
}

/**
 * Bookings the carrier never confirmed (the server stopped while booking, or no answer came): each
 * may exist at the carrier under its reference. The merchant checks, then uses "Book again" on the order.
 */
export function UnconfirmedBookingsSection() {
  const { data, isLoading, error } = usePluginQuery<UnconfirmedBookings>("status", "/status")
  const unconfirmed = data?.unconfirmed_bookings
  return (
    <Section title="Unconfirmed bookings" testId="nordic-parcel-unconfirmed-bookings"
      help="Bookings the carrier never confirmed. Each may exist at the carrier under its reference: check the carrier's portal, then use Book again on the order."
      loading={isLoading} error={error}>
      {unconfirmed && unconfirmed.count === 0 && <Text size="small" className="text-ui-fg-subtle">None: every booking was confirmed.</Text>}
      {unconfirmed && unconfirmed.count > 0 && (
        <ul className="flex flex-col gap-y-1">
          {unconfirmed.bookings.map((booking) => (
            <li key={booking.id}>
              <Text size="small">
                {new Date(booking.created_at).toLocaleString()} · {booking.service_code} · reference {booking.carrier_reference}
                {booking.order_id && (
                  <>
                    {" · "}
                    <a href={`/app/orders/${booking.order_id}`} className="text-ui-fg-interactive">open the order</a>
                  </>
                )}
              </Text>
            </li>
          ))}
          {unconfirmed.count > unconfirmed.bookings.length && (
            <Text size="small" className="text-ui-fg-subtle">…and {unconfirmed.count - unconfirmed.bookings.length} more</Text>
          )}
        </ul>
      )}
    </Section>
  )
}
