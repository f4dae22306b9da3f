/**
 * booking.md "Consignment": shippingDateTime is yyyy-MM-ddTHH:mm:ss with an optional offset. It is
 * sent in Oslo time with Oslo's offset, the form the carrier answers in itself (GAPS B2): the
 * instant is unambiguous, and the calendar date the carrier reads is the merchant's own.
 */
const CARRIER_TIME_ZONE = "Europe/Oslo"

const OSLO_PARTS = new Intl.DateTimeFormat("en-GB", {
  timeZone: CARRIER_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
})

export function carrierDateTime(instant: Date): string {
  const part = Object.fromEntries(OSLO_PARTS.formatToParts(instant).map((p) => [p.type, p.value]))
  const wholeSeconds = Math.floor(instant.getTime() / 1000) * 1000
  const localAsUtc = Date.UTC(+part.year, +part.month - 1, +part.day, +part.hour, +part.minute, +part.second)
  const offsetMinutes = Math.round((localAsUtc - wholeSeconds) / 60_000)
  const sign = offsetMinutes < 0 ? "-" : "+"
  const hours = String(Math.floor(Math.abs(offsetMinutes) / 60)).padStart(2, "0")
  const minutes = String(Math.abs(offsetMinutes) % 60).padStart(2, "0")
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}:${part.second}${sign}${hours}:${minutes}`
}
