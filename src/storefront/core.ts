/** The framework-free part of the storefront export: safe in server actions and route handlers. */
export * from "./types"
export * from "./client"
export * from "./texts"
export * from "./after-sale-texts"
export * from "./format"
export * from "./return-selection"
export * from "./return-texts"

/**
 * The carrier's tracking link as an `href`, only when it is an absolute http(s) link: a
 * `javascript:` or `data:` link would run script on the store's page, so it is not shown.
 */
export function carrierLinkHref(link: string | null | undefined): string | undefined {
  if (!link || !/^https?:\/\//i.test(link)) return undefined
  try {
    return new URL(link).protocol.startsWith("http") ? link : undefined
  } catch {
    return undefined
  }
}
