import { parseCallback } from "../callback-payload"
import { retryDelayMs } from "../backoff"
import { findUnstorable, MAX_JSON_DEPTH, storableText } from "../storable-json"

const valid = {
  status: "HANDED_IN",
  id: "9f1c2a",
  shipment: "70438101234567891",
  created: "2026-11-21T10:15:00+0000",
}

function nested(depth: number): unknown {
  let value: unknown = "leaf"
  for (let i = 0; i < depth; i++) value = { a: value }
  return value
}

describe("findUnstorable", () => {
  it.each([
    ["a NUL in a field", { ...valid, status: "HANDED\u0000IN" }, "status", /NUL/],
    ["a NUL in an unknown nested field", { ...valid, extra: { notes: ["ok", "bad\u0000"] } }, "extra.notes[1]", /NUL/],
    ["a NUL in a field name", { ...valid, ["x\u0000y"]: 1 }, '"x\\u0000y"', /field name must not contain the NUL/],
    ["a lone high surrogate", { ...valid, id: "abc\uD800" }, "id", /unpaired UTF-16 surrogate/],
    ["a lone low surrogate", { ...valid, shipment: "\uDC00704381" }, "shipment", /unpaired UTF-16 surrogate/],
    ["nesting past the bound", { ...valid, deep: nested(MAX_JSON_DEPTH + 5) }, "deep.a.a", /more than 32 levels/],
  ])("finds %s", (_name, body, path, rule) => {
    const found = findUnstorable(body)
    expect(found?.path).toContain(path)
    expect(found?.rule).toMatch(rule)
  })

  it.each([
    ["a plain callback", valid],
    ["paired surrogates (an emoji)", { ...valid, note: "parcel \uD83D\uDCE6" }],
    ["nesting up to the bound", { deep: nested(MAX_JSON_DEPTH - 1) }],
    ["numbers, booleans and null", { a: 1, b: true, c: null, d: [1.5, false] }],
  ])("accepts %s", (_name, body) => {
    expect(findUnstorable(body)).toBeUndefined()
  })

  it("walks 5,000 levels without exhausting the stack", () => {
    expect(findUnstorable(nested(5000))?.rule).toMatch(/levels deep/)
  })
})

describe("parseCallback refuses what the database cannot hold, naming the field", () => {
  it.each([
    ["year 0000", { created: "0000-01-01T00:00:00+0000" }, /^created: must be between the years 0001 and 9999/],
    ["a year 10000 reached through the offset", { created: "9999-12-31T23:30:00-0100" }, /^created: must be between/],
    ["a year before 1 reached through the offset", { created: "0001-01-01T00:30:00+0100" }, /^created: must be between/],
    ["a NUL in the event id", { id: "evt\u0000" }, /^id: must not contain the NUL/],
    ["a lone surrogate in the status", { status: "\uD83DDELIVERED" }, /^status: must not contain an unpaired/],
    ["deep nesting in an unknown field", { meta: nested(100) }, /^meta(\.a)+: must not nest/],
  ])("%s", (_name, change, message) => {
    const parsed = parseCallback({ ...valid, ...change })
    expect(parsed.ok).toBe(false)
    expect(!parsed.ok && parsed.message).toMatch(message)
  })

  it("accepts the first and last instants of years 1 and 9999", () => {
    expect(parseCallback({ ...valid, created: "0001-01-01T00:00:00+0000" }).ok).toBe(true)
    expect(parseCallback({ ...valid, created: "9999-12-31T23:59:59+0000" }).ok).toBe(true)
  })
})

describe("retryDelayMs", () => {
  it.each([
    [1, 60_000],
    [2, 120_000],
    [3, 240_000],
    [9, 256 * 60_000],
    [10, 6 * 60 * 60_000],
    [500, 6 * 60 * 60_000],
  ])("after %i failures waits %i ms", (attempts, delay) => {
    expect(retryDelayMs(attempts)).toBe(delay)
  })
})

it("drops a pushed time the database cannot hold: it only says when the carrier sent the event", () => {
  const parsed = parseCallback({ ...valid, pushed: "0001-01-01T00:30:00+0100" })
  expect(parsed.ok && parsed.callback.pushedAt).toBeUndefined()
  expect(parsed.ok).toBe(true)
})

describe("storableText (a dead letter's reason and body)", () => {
  it.each([
    ["plain text", "abc", 10, "abc"],
    ["the NUL character, written out", "a\u0000b", 10, "a\\u0000b"],
    ["a lone surrogate, replaced", "a\uD800b", 10, "a\uFFFDb"],
    ["a pair cut in half by the limit", "ab\uD83D\uDE00", 3, "ab\uFFFD"],
    ["a whole pair kept", "ab\uD83D\uDE00", 4, "ab\uD83D\uDE00"],
  ])("%s", (_name, text, max, expected) => {
    expect(storableText(text, max)).toBe(expected)
  })
})
