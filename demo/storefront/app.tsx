/**
 * The storefront test page: a one-page checkout built only with js-sdk and the plugin's
 * storefront export, as a merchant's storefront would use them (delivery options with their dates
 * and hours, the delivery-day choice for a service that takes one, pickup points), the order page the shopper
 * comes back to (`?order=<id>&email=<order e-mail>`: tracking and return label) and its return
 * page (`…&return=1`: items, reason, priced options, confirm; then label, QR code, drop-off
 * points). A guest proves the order is theirs with its e-mail (`email`) or an access token
 * (`token`). `npm run demo` serves it; the browser tests (e2e/storefront.e2e.ts,
 * e2e/storefront-returns.e2e.ts) drive it. Config comes from /config.js (window.NP_STORE).
 */
import Medusa from "@medusajs/js-sdk"
import { useEffect, useState, type FormEvent } from "react"
import { createRoot } from "react-dom/client"
import {
  createNordicParcelClient,
  DeliveryDayPicker,
  DeliveryPromise,
  listReturnReasons,
  offeredDeliveryDate,
  ReturnRequest,
  PickupPointPicker,
  PostalCodeCity,
  ReturnLabel,
  setShippingMethod,
  TrackingTimeline,
  useDeliveryOptions,
  formatAmount,
  type OrderAccess,
  type OrderForReturn,
  type PickupPoint,
  type ReturnReason,
} from "medusa-plugin-nordic-parcel/storefront"

type StoreConfig = { backendUrl: string; publishableKey: string; regionId: string; salesChannelId: string; variantId: string }
type StoredMethod = {
  shipping_option_id: string
  name: string
  data?: { pickup_point_id?: string; pickup_point?: { name: string }; delivery_date?: string }
}
type Cart = { id: string; shipping_methods?: StoredMethod[] }

const config = (window as unknown as { NP_STORE: StoreConfig }).NP_STORE
const params = new URLSearchParams(window.location.search)
const locale = params.get("locale") ?? "en"
const sdk = new Medusa({ baseUrl: config.backendUrl, publishableKey: config.publishableKey })
const nordicParcel = createNordicParcelClient(sdk)
const CART_FIELDS = { fields: "id,*shipping_methods,+shipping_methods.data" }

async function newCart(): Promise<Cart> {
  const { cart } = await sdk.store.cart.create({ region_id: config.regionId, sales_channel_id: config.salesChannelId })
  await sdk.store.cart.createLineItem(cart.id, { variant_id: config.variantId, quantity: 1 })
  return cart as Cart
}

function Checkout({ initialCart }: { initialCart: Cart }) {
  const [cart, setCart] = useState<Cart>(initialCart)
  const [address, setAddress] = useState({ first_name: "", last_name: "", address_1: "", postal_code: "", city: "", email: "" })
  const [addressVersion, setAddressVersion] = useState<number | null>(null)
  const [optionId, setOptionId] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [order, setOrder] = useState<{ id: string; display_id: number } | null>(null)

  const delivery = useDeliveryOptions(nordicParcel, addressVersion === null ? null : cart.id, String(addressVersion))
  const chosenOption = delivery.data?.find((o) => o.shipping_option_id === optionId)
  const method = cart.shipping_methods?.at(-1)

  async function run(work: () => Promise<void>): Promise<boolean> {
    setBusy(true)
    setError(null)
    try {
      await work()
      return true
    } catch (e) {
      setError((e as Error).message)
      return false
    } finally {
      setBusy(false)
    }
  }

  const saveAddress = (event: FormEvent) => {
    event.preventDefault()
    void run(async () => {
      const { email, ...postal } = address
      const shipping = { ...postal, country_code: "no", phone: "+4790000000" }
      await sdk.store.cart.update(cart.id, { email, shipping_address: shipping, billing_address: shipping })
      setAddressVersion((v) => (v ?? 0) + 1)
    })
  }

  const chooseOption = (id: string) => {
    setOptionId(id)
    void run(async () => {
      // A pickup-point option starts with the point nearest the address; the shopper may change it.
      const option = delivery.data?.find((o) => o.shipping_option_id === id)
      const nearest = option?.requires_pickup_point ? await nordicParcel.nearestPickupPoint({ ...address, country_code: "NO" }, cart.id) : null
      setCart(await setShippingMethod<Cart>(sdk, { cartId: cart.id, optionId: id, pickupPointId: nearest?.id }, undefined, CART_FIELDS))
    })
  }

  const choosePoint = (point: PickupPoint) =>
    void run(async () =>
      setCart(await setShippingMethod<Cart>(sdk, { cartId: cart.id, optionId: optionId!, pickupPointId: point.id }, undefined, CART_FIELDS))
    )

  // Another day sets the method again with the same option (and point), now with `delivery_date`;
  // a day the store refuses (400: no longer offered) leaves the stored one and shows the message.
  const chooseDay = async (date: string) => {
    const saved = await run(async () =>
      setCart(
        await setShippingMethod<Cart>(
          sdk,
          { cartId: cart.id, optionId: optionId!, pickupPointId: method?.data?.pickup_point_id, deliveryDate: date },
          undefined,
          CART_FIELDS
        )
      )
    )
    // The picker shows the stored day again.
    if (!saved) throw new Error("the delivery day was not saved")
  }

  const placeOrder = () =>
    void run(async () => {
      const { cart: full } = await sdk.store.cart.retrieve(cart.id)
      await sdk.store.payment.initiatePaymentSession(full, { provider_id: "pp_system_default" })
      const result = await sdk.store.cart.complete(cart.id)
      if (result.type !== "order") throw new Error(result.error?.message ?? "the cart could not be completed")
      setOrder({ id: result.order.id, display_id: result.order.display_id as number })
    })

  if (order) {
    return (
      <main>
        <h1>Thank you</h1>
        <p data-testid="order-placed" data-order-id={order.id}>
          Order #{order.display_id} is placed.
        </p>
        <OrderAfterSale orderId={order.id} access={{ email: address.email }} />
        <p>
          <a href={orderPageUrl(order.id, { email: address.email }, true)}>Return items</a>
        </p>
      </main>
    )
  }

  const field = (name: keyof typeof address, label: string, extra: Record<string, unknown> = {}) => (
    <label className="field">
      <span>{label}</span>
      <input name={name} value={address[name]} onChange={(e) => setAddress({ ...address, [name]: e.target.value })} required {...extra} />
    </label>
  )

  return (
    <main aria-busy={busy} data-cart-id={cart.id}>
      <h1>Checkout</h1>
      <form onSubmit={saveAddress} aria-labelledby="address-heading">
        <h2 id="address-heading">Shipping address</h2>
        {field("email", "Email", { type: "email" })}
        {field("first_name", "First name")}
        {field("last_name", "Last name")}
        {field("address_1", "Address")}
        {field("postal_code", "Postal code", { inputMode: "numeric" })}
        <PostalCodeCity
          client={nordicParcel}
          countryCode="NO"
          postalCode={address.postal_code}
          locale={locale}
          className="city-hint"
          onCityChange={(city) => city && setAddress((a) => ({ ...a, city }))}
        />
        {field("city", "City")}
        <button type="submit" disabled={busy}>
          Continue to delivery
        </button>
      </form>

      {addressVersion !== null && (
        <section aria-labelledby="delivery-heading">
          <h2 id="delivery-heading">Delivery</h2>
          {delivery.error && <p role="alert">{delivery.error.message}</p>}
          {delivery.data && (
            <fieldset className="options">
              <legend>Shipping method</legend>
              {delivery.data.map((option) => (
                <label key={option.shipping_option_id} className="option" data-selected={option.shipping_option_id === optionId}>
                  <input
                    type="radio"
                    name="shipping-option"
                    value={option.shipping_option_id}
                    disabled={!option.available || busy}
                    checked={option.shipping_option_id === optionId}
                    onChange={() => chooseOption(option.shipping_option_id)}
                  />
                  <span className="option-name">{option.name}</span>
                  <span className="option-price">{option.amount !== null ? formatAmount(option.amount, option.currency_code, locale) : "–"}</span>
                  <DeliveryPromise options={delivery.data} optionId={option.shipping_option_id} locale={locale} className="option-date" />
                </label>
              ))}
            </fieldset>
          )}
          {chosenOption?.requires_pickup_point && (
            <PickupPointPicker
              client={nordicParcel}
              countryCode="NO"
              postalCode={address.postal_code}
              street={address.address_1}
              cartId={cart.id}
              serviceCode={chosenOption.service_code}
              value={method?.data?.pickup_point_id ?? null}
              onChange={choosePoint}
              locale={locale}
              className="picker"
              classNames={{ option: "point", badge: "badge", distance: "distance", hours: "hours", status: "status", toggle: "link" }}
            />
          )}
          {chosenOption && method?.shipping_option_id === optionId && (
            <DeliveryDayPicker
              option={chosenOption}
              value={method.data?.delivery_date ?? null}
              onChange={chooseDay}
              locale={locale}
              className="days"
              classNames={{ option: "day" }}
            />
          )}
          {method && (
            <p data-testid="stored-method">
              Stored: {method.name}
              {method.data?.pickup_point ? ` at ${method.data.pickup_point.name}` : ""}
              {offeredDeliveryDate(chosenOption, method.data?.delivery_date) ? `, delivery on ${method.data!.delivery_date}` : ""}
            </p>
          )}
          <button type="button" disabled={busy || !method || method.shipping_option_id !== optionId} onClick={placeOrder}>
            Place order
          </button>
        </section>
      )}
      {error && <p role="alert">{error}</p>}
    </main>
  )
}

/**
 * The order page's part of the kit: where the parcel (and any return) is and how to send it back.
 * A shopper reads it as a guest holding the order's id and its e-mail (or an access token); it
 * looks again every few seconds, as an order page refreshed by the shopper would.
 */
function OrderAfterSale({ orderId, access }: { orderId: string; access: OrderAccess | null }) {
  const [tick, setTick] = useState(0)
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), 3000)
    return () => clearInterval(timer)
  }, [])
  return (
    <>
      <section aria-labelledby="tracking-heading">
        <h2 id="tracking-heading">Tracking</h2>
        <TrackingTimeline
          client={nordicParcel}
          orderId={orderId}
          refreshKey={String(tick)}
          access={access}
          locale={locale}
          className="timeline"
          classNames={{ shipment: "shipment", event: "event", time: "event-time", status: "status" }}
        />
      </section>
      <section aria-labelledby="return-heading">
        <h2 id="return-heading">Returns</h2>
        <ReturnLabel client={nordicParcel} orderId={orderId} refreshKey={String(tick)} access={access} locale={locale} className="return" classNames={{ qrCode: "qr" }} />
      </section>
    </>
  )
}

/** The guest's second factor from the page's address: `token` (from the store) or the order's `email`. */
function accessFromUrl(): OrderAccess | null {
  const token = params.get("token")
  const email = params.get("email")
  return token ? { token } : email ? { email } : null
}

function orderPageUrl(orderId: string, access: OrderAccess | null, returnPage = false): string {
  const query = new URLSearchParams({ order: orderId })
  if (access && "token" in access) query.set("token", access.token)
  else if (access) query.set("email", access.email)
  if (returnPage) query.set("return", "1")
  if (params.get("locale")) query.set("locale", params.get("locale")!)
  return `?${query}`
}

/** The fields of Medusa's store order the return page reads (its defaults include them too). */
const ORDER_FOR_RETURN_FIELDS = "id,currency_code,*items,*items.detail,*shipping_address"

/**
 * The return page: the order as Medusa's own route gives it (the id is the guest's credential
 * there) and the store's return reasons, then the kit's `ReturnRequest`.
 */
function ReturnPage({ orderId, access }: { orderId: string; access: OrderAccess | null }) {
  const [loaded, setLoaded] = useState<{ order: OrderForReturn; reasons: ReturnReason[] } | null>(null)
  const [failed, setFailed] = useState<string | null>(null)
  const [done, setDone] = useState(false)
  useEffect(() => {
    Promise.all([sdk.store.order.retrieve(orderId, { fields: ORDER_FOR_RETURN_FIELDS }), listReturnReasons(sdk)]).then(
      ([{ order }, reasons]) => setLoaded({ order: order as unknown as OrderForReturn, reasons }),
      (e: Error) => setFailed(e.message)
    )
  }, [orderId])
  if (failed) return <p role="alert">The order could not be loaded: {failed}</p>
  if (!loaded) return <p>Loading the order…</p>
  return (
    <>
      <ReturnRequest
        client={nordicParcel}
        order={loaded.order}
        reasons={loaded.reasons}
        access={access}
        locale={locale}
        onCreated={() => setDone(true)}
        className="return-request"
        classNames={{ item: "return-item", option: "option", price: "option-price", status: "status", error: "error", dropOffPoint: "point" }}
        labelClassNames={{ qrCode: "qr" }}
      />
      <p>
        <a href={orderPageUrl(orderId, access)}>{done ? "Follow your return on the order page" : "Back to your order"}</a>
      </p>
    </>
  )
}

function App() {
  const orderId = params.get("order")
  if (orderId) {
    const access = accessFromUrl()
    return (
      <main>
        <h1>{params.get("return") ? "Return" : "Your order"}</h1>
        {params.get("return") ? (
          <ReturnPage orderId={orderId} access={access} />
        ) : (
          <>
            <OrderAfterSale orderId={orderId} access={access} />
            <p>
              <a href={orderPageUrl(orderId, access, true)}>Return items</a>
            </p>
          </>
        )}
      </main>
    )
  }
  return <NewCheckout />
}

function NewCheckout() {
  const [cart, setCart] = useState<Cart | null>(null)
  const [failed, setFailed] = useState<string | null>(null)
  useEffect(() => void newCart().then(setCart, (e: Error) => setFailed(e.message)), [])
  if (failed) return <p role="alert">The cart could not be created: {failed}</p>
  return cart ? <Checkout initialCart={cart} /> : <p>Preparing a cart…</p>
}

createRoot(document.getElementById("root")!).render(<App />)
