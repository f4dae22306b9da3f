/** Weekly opening hours of pickup points, their formatted texts and the search filters on them. */

const WEEKDAYS = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"] as const
export type Weekday = (typeof WEEKDAYS)[number]

/** Times are HHmm strings, as in the carrier's formatted opening hours. */
export interface DayHours {
  opening: string
  closing: string
}

/** Index 0 = Monday; null = closed that day. */
export type WeeklyHours = readonly (DayHours | null)[]

function week(weekdays: DayHours, saturday: DayHours | null, sunday: DayHours | null): WeeklyHours {
  return [weekdays, weekdays, weekdays, weekdays, weekdays, saturday, sunday]
}

export const OPENING_PATTERNS = {
  supermarket: week({ opening: "0700", closing: "2300" }, { opening: "0800", closing: "2200" }, null),
  kiosk: week({ opening: "0600", closing: "2200" }, { opening: "0800", closing: "2000" }, { opening: "1000", closing: "2000" }),
  postOffice: week({ opening: "0900", closing: "1800" }, { opening: "1000", closing: "1500" }, null),
  locker: week({ opening: "0000", closing: "2359" }, { opening: "0000", closing: "2359" }, { opening: "0000", closing: "2359" }),
} satisfies Record<string, WeeklyHours>

const DAY_ABBREVIATIONS = {
  Norwegian: ["Man", "Tir", "Ons", "Tor", "Fre", "Lør", "Søn"],
  English: ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"],
  Finnish: ["Ma", "Ti", "Ke", "To", "Pe", "La", "Su"],
  Danish: ["Man", "Tir", "Ons", "Tor", "Fre", "Lør", "Søn"],
  Swedish: ["Mån", "Tis", "Ons", "Tor", "Fre", "Lör", "Sön"],
} as const

export type OpeningHoursLanguage = keyof typeof DAY_ABBREVIATIONS
export const OPENING_HOURS_LANGUAGES = Object.keys(DAY_ABBREVIATIONS) as OpeningHoursLanguage[]

/** E.g. "Man-Fre: 0700-2300, Lør: 0800-2200": consecutive days with equal hours are grouped, closed days left out. */
export function formatOpeningHours(hours: WeeklyHours, language: OpeningHoursLanguage): string {
  const names = DAY_ABBREVIATIONS[language]
  const groups: { first: number; last: number; hours: DayHours }[] = []
  hours.forEach((day, index) => {
    if (!day) return
    const previous = groups[groups.length - 1]
    if (previous && previous.last === index - 1 && sameHours(previous.hours, day)) previous.last = index
    else groups.push({ first: index, last: index, hours: day })
  })
  return groups
    .map(({ first, last, hours: day }) => {
      const days = first === last ? names[first] : `${names[first]}-${names[last]}`
      return `${days}: ${day.opening}-${day.closing}`
    })
    .join(", ")
}

/** The record's `openingHours` array (carrier notes 11): one entry per open day. */
export function openingHoursList(hours: WeeklyHours): { day: Weekday; opening: string; closing: string }[] {
  return WEEKDAYS.flatMap((day, index) => {
    const open = hours[index]
    return open ? [{ day, opening: open.opening, closing: open.closing }] : []
  })
}

export const OPENING_HOURS_SEARCH_TYPES = ["ALL_WEEKDAYS", ...WEEKDAYS] as const
export type OpeningHoursSearchType = (typeof OPENING_HOURS_SEARCH_TYPES)[number]

/**
 * The openOnOrAfter / openOnOrBefore filters: the point must still be open at `onOrAfter`
 * (closes at or after it) and already be open at `onOrBefore` (opens at or before it), on every
 * day the search type names (ALL_WEEKDAYS = Monday to Friday).
 */
export function matchesOpeningFilter(
  hours: WeeklyHours,
  filter: { onOrAfter?: string; onOrBefore?: string; searchType: OpeningHoursSearchType }
): boolean {
  const days = filter.searchType === "ALL_WEEKDAYS" ? [0, 1, 2, 3, 4] : [WEEKDAYS.indexOf(filter.searchType)]
  return days.every((index) => {
    const day = hours[index]
    if (!day) return false
    if (filter.onOrAfter && day.closing < filter.onOrAfter) return false
    if (filter.onOrBefore && day.opening > filter.onOrBefore) return false
    return true
  })
}

function sameHours(a: DayHours, b: DayHours): boolean {
  return a.opening === b.opening && a.closing === b.closing
}
