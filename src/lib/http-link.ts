/**
 * A link from the carrier that the admin or a shopper may be given to open: absolute http(s) only.
 * The carrier's answers pass through proxies and hosts the store does not control, so a
 * `javascript:` or `data:` link (script run on the store's own pages) is dropped, never stored,
 * returned or shown.
 */
export function httpLink(value: unknown): string | null {
  if (typeof value !== "string" || value === "") return null
  try {
    const protocol = new URL(value).protocol
    return protocol === "http:" || protocol === "https:" ? value : null
  } catch {
    return null
  }
}
