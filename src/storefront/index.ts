/**
 * `medusa-plugin-nordic-parcel/storefront`: what a storefront needs to offer the carrier's
 * delivery dates and pickup points. React is a peer dependency; nothing here runs on the server
 * side of Medusa.
 */
export * from "./core"
export * from "./react"
