import { clientKey, normalise, type ClientAddressOptions } from "../client-key"
import { ForwardedForNotice, ignoresForwardedFor } from "../forwarded-for-notice"
import { setupProblems } from "../../status-page/setup-problems"

const byDefault = { trustedProxies: 0 }

describe("clientKey", () => {
  it.each([
    ["by default, the connection's address, whatever X-Forwarded-For claims", { socket: "198.51.100.7", forwardedFor: "203.0.113.1" }, byDefault, "198.51.100.7"],
    ["by default, a rotating forged header changes nothing", { socket: "198.51.100.7", forwardedFor: "203.0.113.99, 10.0.0.1" }, byDefault, "198.51.100.7"],
    ["one trusted proxy: the address it received from", { socket: "10.0.0.2", forwardedFor: "203.0.113.1" }, { trustedProxies: 1 }, "203.0.113.1"],
    ["one trusted proxy: a forged entry left of the proxy's is ignored", { socket: "10.0.0.2", forwardedFor: "6.6.6.6, 203.0.113.1" }, { trustedProxies: 1 }, "203.0.113.1"],
    ["two trusted proxies (CDN, then load balancer)", { socket: "10.0.0.2", forwardedFor: "6.6.6.6, 203.0.113.1, 172.16.0.9" }, { trustedProxies: 2 }, "203.0.113.1"],
    ["two trusted proxies, header split over two lines", { socket: "10.0.0.2", forwardedFor: ["6.6.6.6, 203.0.113.1", "172.16.0.9"] }, { trustedProxies: 2 }, "203.0.113.1"],
    ["more trusted proxies than hops: the furthest known", { socket: "10.0.0.2", forwardedFor: "203.0.113.1" }, { trustedProxies: 3 }, "203.0.113.1"],
    ["trusted proxies, no header: the connection", { socket: "203.0.113.5" }, { trustedProxies: 1 }, "203.0.113.5"],
    ["trusted proxies, garbage in the client's place: the connection", { socket: "10.0.0.2", forwardedFor: "not-an-ip" }, { trustedProxies: 1 }, "10.0.0.2"],
    ["a named header (CF-Connecting-IP)", { socket: "10.0.0.2", named: "203.0.113.1" }, { trustedProxies: 0, header: "CF-Connecting-IP" }, "203.0.113.1"],
    ["a named header holding a list: its first address", { socket: "10.0.0.2", named: "203.0.113.1, 10.0.0.3" }, { trustedProxies: 0, header: "X-Real-IP" }, "203.0.113.1"],
    ["a named header missing: the connection", { socket: "10.0.0.2" }, { trustedProxies: 0, header: "X-Real-IP" }, "10.0.0.2"],
    ["a named header that is no address: the connection", { socket: "10.0.0.2", named: "evil" }, { trustedProxies: 0, header: "X-Real-IP" }, "10.0.0.2"],
    ["an IPv4-mapped connection address", { socket: "::ffff:198.51.100.7" }, byDefault, "198.51.100.7"],
    ["an IPv6 connection: its /64", { socket: "2001:db8:1:2:aaaa:bbbb:cccc:dddd" }, byDefault, "2001:db8:1:2::/64"],
    ["no connection address", { socket: undefined }, byDefault, "unknown"],
  ])("%s", (_name, request, options, expected) => {
    expect(clientKey(request, options)).toBe(expected)
  })
})

describe("normalise (IPv6 grouped by /64)", () => {
  it.each([
    ["2001:db8:1:2::1", "2001:db8:1:2::/64"],
    ["2001:0DB8:0001:0002:ffff:0:0:1", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["[2001:db8:1:2::9]", "2001:db8:1:2::/64"],
    ["64:ff9b::192.0.2.33", "64:ff9b:0:0::/64"],
    ["192.0.2.1", "192.0.2.1"],
    ["300.1.1.1", undefined],
    ["", undefined],
  ])("%s → %s", (address, expected) => {
    expect(normalise(address)).toBe(expected)
  })

  it("puts every address of one /64 in one bucket and neighbouring /64s in others", () => {
    const keys = ["2001:db8:1:2::1", "2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:3::1"].map((a) => normalise(a))
    expect(keys[0]).toBe(keys[1])
    expect(keys[2]).not.toBe(keys[0])
  })
})

describe("ignoresForwardedFor: requests through a proxy the plugin was not told to trust", () => {
  it.each<[string, string | string[] | undefined, ClientAddressOptions, boolean]>([
    ["X-Forwarded-For and the default options", "203.0.113.7", { trustedProxies: 0 }, true],
    ["several X-Forwarded-For headers", ["203.0.113.7", "10.0.0.1"], { trustedProxies: 0 }, true],
    ["no X-Forwarded-For", undefined, { trustedProxies: 0 }, false],
    ["an empty X-Forwarded-For", " ", { trustedProxies: 0 }, false],
    ["one trusted proxy", "203.0.113.7", { trustedProxies: 1 }, false],
    ["a named header", "203.0.113.7", { trustedProxies: 0, header: "CF-Connecting-IP" }, false],
  ])("%s: %s", (_name, forwardedFor, options, expected) => {
    expect(ignoresForwardedFor(forwardedFor, options)).toBe(expected)
  })

  it("is said once however many requests come, and counted with the first and last time", () => {
    const notice = new ForwardedForNotice()
    expect(notice.view()).toBeNull()
    expect(notice.note(new Date("2026-11-21T10:00:00Z"))).toBe(true)
    expect(notice.note(new Date("2026-11-21T10:00:01Z"))).toBe(false)
    expect(notice.note(new Date("2026-11-21T10:05:00Z"))).toBe(false)
    expect(notice.view()).toEqual({ requests: 3, first_at: "2026-11-21T10:00:00.000Z", last_at: "2026-11-21T10:05:00.000Z" })
  })

  it("names the fix for each set-up on the status page's problems", () => {
    const [problem] = setupProblems({ fulfillmentDependencies: ["nordic_parcel", "query"], webhookUrl: "https://x.example", webhookSecretSet: true, credentialsValid: true, forwardedForIgnored: true })
    expect(problem).toEqual({ code: "shared_client_bucket", message: expect.stringContaining("shares one rate-limit bucket"), fix: expect.stringContaining("clientAddress: { trustedProxies: 1 }") })
  })
})
