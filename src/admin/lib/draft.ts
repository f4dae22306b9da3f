import { useEffect, useRef, useState } from "react"

type Values = Record<string, unknown>

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

/**
 * A form's draft after the server's values change under it (a save elsewhere on the page, a
 * refetch when the window regains focus, another admin's save): fields the merchant has not
 * touched take the new server value, fields they have typed in keep what they typed. Resetting
 * the whole draft on every refetch would throw away typing in progress.
 */
export function rebaseDraft(draft: Values, previousServer: Values, nextServer: Values): Values {
  const keys = new Set([...Object.keys(nextServer), ...Object.keys(draft)])
  return Object.fromEntries(
    [...keys].map((key) => [key, same(draft[key], previousServer[key]) ? nextServer[key] : draft[key]])
  )
}

/** A form draft over server values that keeps the merchant's edits across refetches. */
export function useDraft(server: Values): [Values, (next: Values) => void] {
  const [draft, setDraft] = useState<Values>(server)
  const previous = useRef<Values>(server)
  const serverKey = JSON.stringify(server)
  useEffect(() => {
    const before = previous.current
    previous.current = server
    setDraft((current) => rebaseDraft(current, before, server))
    // Only a change of the server's values counts, not a new object with the same values.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [serverKey])
  return [draft, setDraft]
}
