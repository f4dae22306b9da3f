"use client"
/** The React parts of the storefront export (client components). */
export { PickupPointPicker, type PickupPointPickerProps, type PickupPointPickerPart } from "./pickup-point-picker"
export { DeliveryPromise, useDeliveryOptions, deliveryPromiseText, type DeliveryPromiseProps, type DeliveryPromiseClassNames } from "./delivery-promise"
export { PostalCodeCity, usePostalCodeCity, type PostalCodeCityProps } from "./postal-code-city"
export { useRemote, type RemoteState } from "./use-remote"
