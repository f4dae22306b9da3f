/**
 * The booking service lists customer numbers with a service prefix and padding
 * (`PARCELS_NORWAY-00000000005`); requests take the short number (`5`) (carrier notes 5,
 * carrier notes 32). Non-numeric numbers (EXPRESS_NORWAY-<uuid>) keep everything after the prefix.
 */
export function shortCustomerNumber(listed: string): string {
  const withoutPrefix = listed.replace(/^[A-Z_]+-/, "")
  return /^\d+$/.test(withoutPrefix) ? withoutPrefix.replace(/^0+(?=\d)/, "") : withoutPrefix
}
