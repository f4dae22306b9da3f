import { Badge, Button, Checkbox, Input, Label, Select, Text, Textarea, toast } from "@medusajs/ui"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { useEffect, useState } from "react"
import type { PickupOrderDraft } from "../../lib/pickup-order/pickup-order-view"
import { texts } from "../lib/i18n"
import { pickupDayLabel, pickupWindowLabel, type PickupOrderView } from "../lib/pickup"
import { sdk } from "../lib/sdk"
import { EditDrawer } from "./edit-drawer"

/**
 * Ordering a pickup from the admin: the "Order pickup" button (bookings page, each warehouse), its
 * drawer pre-filled from GET /admin/nordic-parcel/pickup-orders?location_id (date, packages, what is
 * sent), the confirmation with the window and the receipt; and a location's next pickup. The
 * server decides everything (the one-per-day rule, the counts); the drawer shows its answers.
 */
const PATH = "/admin/nordic-parcel/pickup-orders"
type PickupOrdersResponse = { pickup_orders: PickupOrderView[]; next_pickups: Record<string, PickupOrderView>; draft?: PickupOrderDraft }

export function usePickupOrders() {
  return useQuery({ queryKey: ["nordic-parcel", "pickup-orders"], queryFn: () => sdk.client.fetch<PickupOrdersResponse>(PATH) })
}

/** "Tue 1 Dec, 09:00–16:00 · Receipt", or its state when not confirmed. */
export function PickupSummary({ order, testId }: { order: PickupOrderView; testId?: string }) {
  const { t, locale } = texts()
  const window = pickupWindowLabel(order, locale, t("pickupAllDay"))
  return (
    <span data-testid={testId} data-pickup-id={order.id}>
      {pickupDayLabel(order.pickup_date, locale)}
      {window && `, ${window}`}
      {order.status === "unconfirmed" && <Badge size="2xsmall" color="red" className="ml-2">{t("pickupUnconfirmed")}</Badge>}
      {order.status === "ordering" && <Badge size="2xsmall" color="blue" className="ml-2">{t("pickupOrdering")}</Badge>}
      {order.receipt_url && (
        <>
          {" · "}
          <a href={order.receipt_url} target="_blank" rel="noreferrer noopener" className="text-ui-fg-interactive">{t("pickupReceipt")}</a>
        </>
      )}
    </span>
  )
}

/** The next pickup of a location (or "none"), for the warehouse cards. */
export function NextPickup({ locationId }: { locationId: string }) {
  const { t } = texts()
  const orders = usePickupOrders()
  const next = orders.data?.next_pickups[locationId]
  if (!orders.data) return null
  return (
    <Text size="xsmall" className="text-ui-fg-subtle" data-testid={`nordic-parcel-next-pickup-${locationId}`}>
      <span className="text-ui-fg-base">{t("nextPickup")}:</span> {next ? <PickupSummary order={next} /> : t("noPickup")}
    </Text>
  )
}

/**
 * The "Order pickup" button and its drawer. With `locationId` the warehouse is fixed (its card);
 * without, the merchant picks one of `locations` (the bookings page).
 */
export function OrderPickupAction({ locationId, locations }: { locationId?: string; locations?: { id: string; name: string }[] }) {
  const { t, locale } = texts()
  const queryClient = useQueryClient()
  const [open, setOpen] = useState(false)
  const [location, setLocation] = useState<string | undefined>(locationId)
  const [date, setDate] = useState<string | undefined>()
  const [readyAt, setReadyAt] = useState("")
  const [packages, setPackages] = useState<string>("")
  const [pallets, setPallets] = useState("0")
  const [message, setMessage] = useState("")
  const [another, setAnother] = useState(false)
  const [confirmed, setConfirmed] = useState<PickupOrderView | undefined>()
  const [error, setError] = useState<string | undefined>()
  useEffect(() => {
    if (!location && locations?.length) setLocation(locations[0].id)
  }, [location, locations])

  const draft = useQuery({
    queryKey: ["nordic-parcel", "pickup-draft", location, date],
    queryFn: () => sdk.client.fetch<PickupOrdersResponse>(PATH, { query: { location_id: location, ...(date ? { pickup_date: date } : {}), limit: 1 } }),
    enabled: open && !!location,
  })
  const filled = draft.data?.draft
  useEffect(() => {
    // The server's suggestion fills the form; what the merchant typed stays.
    if (!filled) return
    setDate((current) => current ?? filled.pickup_date)
    setPackages(String(filled.number_of_packages))
  }, [filled])

  const order = useMutation({
    mutationFn: () =>
      sdk.client.fetch<{ pickup_order: PickupOrderView }>(PATH, {
        method: "POST",
        body: {
          location_id: location,
          pickup_date: date,
          ready_at: readyAt || null,
          message: message.trim() || null,
          number_of_packages: Number(packages || 0),
          number_of_pallets: Number(pallets || 0),
          order_another: another,
        },
      }),
    onSuccess: ({ pickup_order }) => {
      setConfirmed(pickup_order)
      setError(undefined)
      toast.success(t("pickupOrdered"))
      void queryClient.invalidateQueries({ queryKey: ["nordic-parcel", "pickup-orders"] })
      void queryClient.invalidateQueries({ queryKey: ["nordic-parcel", "pickup-draft"] })
    },
    onError: (failure: Error) => setError(failure.message),
  })

  const reset = (next: boolean) => {
    setOpen(next)
    if (!next) {
      setConfirmed(undefined)
      setError(undefined)
      setAnother(false)
      setDate(undefined)
    }
  }
  const existing = filled?.existing ?? []
  const request = filled?.request
  const blocked = (filled?.problems.length ?? 0) > 0 || (existing.length > 0 && !another)
  const testId = `nordic-parcel-order-pickup${locationId ? `-${locationId}` : ""}`

  return (
    <>
      <Button size="small" variant="secondary" onClick={() => reset(true)} data-testid={`${testId}-button`}>
        {t("orderPickup")}
      </Button>
      <EditDrawer title={t("orderPickup")} description={t("orderPickupHelp")} testId={testId} open={open} onOpenChange={reset}
        saveLabel={t("orderPickup")} cancelLabel={t("cancel")} saving={order.isPending}
        saveDisabled={!!confirmed || !location || !date || blocked || order.isPending} onSave={() => order.mutate()} error={error}>
        {confirmed ? (
          <div className="flex flex-col gap-y-2" data-testid="nordic-parcel-pickup-confirmation">
            <Text weight="plus">{t("pickupOrdered")}</Text>
            <Text size="small" data-testid="nordic-parcel-pickup-window">
              {t("pickupWindow", { date: pickupDayLabel(confirmed.pickup_date, locale), window: pickupWindowLabel(confirmed, locale, t("pickupAllDay")) })}
            </Text>
            {confirmed.carrier_reference && <Text size="small">{t("pickupReference", { reference: confirmed.carrier_reference })}</Text>}
            {confirmed.receipt_url && (
              <a href={confirmed.receipt_url} target="_blank" rel="noreferrer noopener" className="text-ui-fg-interactive" data-testid="nordic-parcel-pickup-receipt">
                {t("pickupReceipt")}
              </a>
            )}
          </div>
        ) : (
          <>
            {!locationId && (
              <div className="flex flex-col gap-y-1">
                <Label size="small" htmlFor="pickup-location">{t("pickupLocation")}</Label>
                <Select size="small" value={location} onValueChange={(value) => { setLocation(value); setDate(undefined) }}>
                  <Select.Trigger id="pickup-location"><Select.Value /></Select.Trigger>
                  <Select.Content>
                    {(locations ?? []).map((l) => <Select.Item key={l.id} value={l.id}>{l.name}</Select.Item>)}
                  </Select.Content>
                </Select>
              </div>
            )}
            <div className="grid grid-cols-2 gap-4">
              <div className="flex flex-col gap-y-1">
                <Label size="small" htmlFor="pickup-date">{t("pickupDate")}</Label>
                <Input id="pickup-date" size="small" type="date" value={date ?? ""} onChange={(e) => setDate(e.target.value || undefined)} />
              </div>
              <div className="flex flex-col gap-y-1">
                <Label size="small" htmlFor="pickup-ready-at">{t("pickupReadyAt")}</Label>
                <Input id="pickup-ready-at" size="small" type="time" value={readyAt} onChange={(e) => setReadyAt(e.target.value)} />
              </div>
              <div className="flex flex-col gap-y-1">
                <Label size="small" htmlFor="pickup-packages">{t("pickupPackages")}</Label>
                <Input id="pickup-packages" size="small" type="number" min={0} value={packages} onChange={(e) => setPackages(e.target.value)} />
              </div>
              <div className="flex flex-col gap-y-1">
                <Label size="small" htmlFor="pickup-pallets">{t("pickupPallets")}</Label>
                <Input id="pickup-pallets" size="small" type="number" min={0} value={pallets} onChange={(e) => setPallets(e.target.value)} />
              </div>
            </div>
            <div className="flex flex-col gap-y-1">
              <Label size="small" htmlFor="pickup-message">{t("pickupMessage")}</Label>
              <Textarea id="pickup-message" value={message} maxLength={200} onChange={(e) => setMessage(e.target.value)} />
            </div>
            {request && (
              <Text size="small" className="text-ui-fg-subtle" data-testid="nordic-parcel-pickup-sent-as">
                {t("pickupSentAs")}: {request.customerInformation.companyName}, {request.pickupAddress.street}, {request.pickupAddress.postalCode} {request.pickupAddress.city},{" "}
                {request.pickupAddress.phoneNumber} · {t("pickupCustomerNumber", { number: request.customerInformation.customerNumber })}
              </Text>
            )}
            {filled?.problems.map((problem) => (
              <Text key={problem.field} size="small" className="text-ui-fg-error" data-testid="nordic-parcel-pickup-problem">{problem.message}</Text>
            ))}
            {existing.length > 0 && (
              <div className="flex flex-col gap-y-2" data-testid="nordic-parcel-pickup-existing">
                <Text size="small">{t("pickupAlreadyOrdered", { window: pickupWindowLabel(existing[0], locale, t("pickupAllDay")) || existing[0].id })}</Text>
                <div className="flex items-center gap-x-2">
                  <Checkbox id="pickup-another" checked={another} onCheckedChange={(value) => setAnother(value === true)} />
                  <Label size="small" htmlFor="pickup-another">{t("pickupOrderAnother")}</Label>
                </div>
              </div>
            )}
          </>
        )}
      </EditDrawer>
    </>
  )
}

/**
 * The bookings page's pickups: the next pickup of each warehouse that has one, and the "Order
 * pickup" action for any warehouse (after a bulk run, the van for the day's parcels).
 */
export function PickupsPanel() {
  const { t } = texts()
  const orders = usePickupOrders()
  const locations = useQuery({
    queryKey: ["nordic-parcel", "stock-locations", "names"],
    queryFn: async () => (await sdk.client.fetch<{ stock_locations: { id: string; name: string }[] }>("/admin/stock-locations", { query: { limit: 100, fields: "id,name" } })).stock_locations,
  })
  const next = Object.values(orders.data?.next_pickups ?? {})
  return (
    <div className="flex items-center justify-between gap-x-4 px-6 py-4" data-testid="nordic-parcel-pickups">
      <div className="flex flex-col gap-y-1">
        <Text size="small" weight="plus">{t("nextPickup")}</Text>
        {next.length === 0 ? (
          <Text size="small" className="text-ui-fg-subtle" data-testid="nordic-parcel-no-pickup">{t("noPickup")}</Text>
        ) : (
          next.map((order) => (
            <Text key={order.id} size="small" data-testid="nordic-parcel-next-pickup">
              {order.location_name}: <PickupSummary order={order} />
            </Text>
          ))
        )}
      </div>
      <OrderPickupAction locations={locations.data} />
    </div>
  )
}
