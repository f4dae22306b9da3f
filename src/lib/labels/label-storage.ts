/**
 * Where the plugin may fetch a label from. Label links and their redirects come from the carrier's
 * answers; followed blindly they could lead the server to any host (a request forgery through a
 * tampered link). Allowed: https to the carrier's own host (its label links) or to a host of its
 * label storage (the options' `labels.storageHosts`, a leading "*." for any subdomain); in test
 * mode also plain http to the carrier's own host (the sandbox). Carrier notes 40.
 */
export type LabelStoragePolicy = {
  /** The carrier's base URL: its host answers the label links. */
  baseUrl: string
  storageHosts: readonly string[]
  testMode: boolean
}

export function labelStorageAllows(url: URL, policy: LabelStoragePolicy): boolean {
  const carrierHost = new URL(policy.baseUrl).host.toLowerCase()
  const host = url.host.toLowerCase()
  if (url.username || url.password) return false
  if (url.protocol === "http:") return policy.testMode && host === carrierHost
  if (url.protocol !== "https:") return false
  return host === carrierHost || policy.storageHosts.some((pattern) => hostMatches(url.hostname.toLowerCase(), pattern.toLowerCase()))
}

function hostMatches(hostname: string, pattern: string): boolean {
  if (pattern.startsWith("*.")) {
    const suffix = pattern.slice(1)
    return hostname.endsWith(suffix) && hostname.length > suffix.length
  }
  return hostname === pattern
}
