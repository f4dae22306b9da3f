import { afterSaleTexts } from "../../../storefront/after-sale-texts"
import { EVENT_GROUP_TEXTS } from "../event-groups"
import { milestoneOf } from "../tracking-status"

/**
 * Each carrier event as the carrier's event list means it. COLLECTED is the parcel collected at
 * the pickup address, i.e. picked up from the sender: never the shopper fetching it at a pickup
 * point (that is DELIVERED after READY_FOR_PICKUP).
 */
describe("carrier events described as the carrier means them", () => {
  it.each([
    ["COLLECTED", /pickup address.*picked up from the sender/],
    ["HANDED_IN", /^The parcel was handed in to the carrier\.$/],
    ["READY_FOR_PICKUP", /arrived at a pickup point/],
    ["ATTEMPTED_DELIVERY", /at the door.*tries again or sends the parcel to the nearest pickup point/],
    ["DEVIATION", /delay is probable/],
    ["DELIVERY_CHANGED", /recipient changed the date of home delivery/],
    ["DELIVERY_CANCELLED", /recipient cancelled home delivery/],
    ["RETURN", /^The parcel is on its way back to the sender\.$/],
    ["DELIVERED_SENDER", /returned to the sender/],
    ["INTERNATIONAL", /left the country it was sent from, or arrived in the country it goes to/],
    ["NOTIFICATION_SENT", /text, push or e-mail/],
    ["PRE_NOTIFIED", /electronic pre-advice/],
  ])("admin: %s", (event, meaning) => {
    expect(EVENT_GROUP_TEXTS[event as keyof typeof EVENT_GROUP_TEXTS].description).toMatch(meaning)
  })

  it("no admin text says the shopper collected a parcel at a pickup point", () => {
    expect(EVENT_GROUP_TEXTS.COLLECTED.label).toBe("Picked up from sender")
    expect(EVENT_GROUP_TEXTS.COLLECTED.description).not.toMatch(/shopper collected/i)
  })

  it.each([
    ["en", "Picked up from the sender"],
    ["nb", "Hentet hos avsender"],
    ["sv", "Hämtat hos avsändaren"],
    ["da", "Afhentet hos afsenderen"],
    ["fi", "Noudettu lähettäjältä"],
  ])("storefront (%s): COLLECTED is the pickup from the sender", (locale, text) => {
    expect((afterSaleTexts as Record<string, { events: Record<string, string> }>)[locale].events.COLLECTED).toBe(text)
  })

  it("COLLECTED moves the fulfilment to shipped (the carrier has the parcel), not to delivered", () => {
    expect(milestoneOf("COLLECTED")).toBe("shipped")
  })
})
