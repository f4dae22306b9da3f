/**
 * The id Medusa stores for this provider: `<identifier>_<id>`, with the identifier of the
 * provider class and the id the store gives it in medusa-config.
 */
export const PROVIDER_IDENTIFIER = "nordic-parcel"
export const PROVIDER_ID = `${PROVIDER_IDENTIFIER}_nordic-parcel`
