import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Heading, Text } from "@medusajs/ui"
import { CarrierErrorsSection, ConnectionSection, SetupBanner } from "../../../components/connection-section"
import { CurrenciesSection } from "../../../components/currencies-section"
import { LocationsSection } from "../../../components/locations-section"
import { ServicesSection, SettingsGroups } from "../../../components/settings-section"
import { StuckEventsSection } from "../../../components/stuck-events-section"
import { CustomerSubscriptionsSection, TrackingSubscriptionsSection } from "../../../components/subscriptions-section"
import { UnconfirmedBookingsSection } from "../../../components/unconfirmed-bookings-section"

/** Settings → Nordic Parcel: the carrier connection, how services are priced, and tracking. */
const NordicParcelSettingsPage = () => (
  <div className="flex flex-col gap-y-3" data-testid="nordic-parcel-settings">
    <div className="px-1">
      <Heading level="h1">Nordic Parcel</Heading>
      <Text size="small" className="text-ui-fg-subtle">
        Changes apply to the next quote and booking. Credentials stay in the store's configuration.
      </Text>
    </div>
    <SetupBanner />
    <ConnectionSection />
    <UnconfirmedBookingsSection />
    <ServicesSection />
    <CurrenciesSection />
    <LocationsSection />
    <SettingsGroups />
    <CustomerSubscriptionsSection />
    <TrackingSubscriptionsSection />
    <StuckEventsSection />
    <CarrierErrorsSection />
  </div>
)

export const config = defineRouteConfig({ label: "Nordic Parcel" })

export default NordicParcelSettingsPage
