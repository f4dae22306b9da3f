import { httpLink } from "../http-link"

describe("httpLink: a link the admin or a shopper may open", () => {
  it.each([
    ["https://carrier.example/t/1", "https://carrier.example/t/1"],
    ["http://carrier.example/t/1", "http://carrier.example/t/1"],
    ["javascript:alert(1)", null],
    ["JAVASCRIPT:alert(1)", null],
    ["\tjavascript:alert(1)", null],
    ["data:text/html,x", null],
    ["mailto:a@b.example", null],
    ["/t/1", null],
    ["not a url", null],
    ["", null],
    [null, null],
    [undefined, null],
    [42, null],
  ])("%p → %p", (value, link) => {
    expect(httpLink(value)).toBe(link)
  })
})
