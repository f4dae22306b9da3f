import { defineWidgetConfig } from "@medusajs/admin-sdk"
import { Button, Container, Text } from "@medusajs/ui"

/** Above the orders list: the way to book many orders' shipments at once. */
const OrderListNordicParcelWidget = () => (
  <Container className="flex items-center justify-between px-6 py-3" data-testid="nordic-parcel-order-list-widget">
    <Text size="small">Book many Nordic Parcel shipments at once and print all their labels in one PDF.</Text>
    <Button size="small" variant="secondary" asChild>
      <a href="/app/nordic-parcel-bookings" data-testid="nordic-parcel-open-bookings">
        Book shipments
      </a>
    </Button>
  </Container>
)

export const config = defineWidgetConfig({ zone: "order.list.before" })

export default OrderListNordicParcelWidget
