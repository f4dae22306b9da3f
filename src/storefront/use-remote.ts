"use client"
import { useCallback, useEffect, useRef, useState } from "react"
import { NordicParcelStoreError, toStoreError } from "./core"

export type RemoteState<T> = {
  data: T | undefined
  error: NordicParcelStoreError | undefined
  loading: boolean
  /** Runs the request again (after a 503 or 429, when the shopper asks). */
  reload: () => void
}

/**
 * Runs `load` whenever `key` changes (null: nothing to load), cancelling the request it replaces,
 * so an answer to an older search never overwrites a newer one.
 */
export function useRemote<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>, delayMs = 0): RemoteState<T> {
  const [state, setState] = useState<{ data?: T; error?: NordicParcelStoreError; loading: boolean }>({ loading: key !== null })
  const [attempt, setAttempt] = useState(0)
  const loadRef = useRef(load)
  loadRef.current = load

  useEffect(() => {
    if (key === null) {
      setState({ loading: false })
      return
    }
    const controller = new AbortController()
    setState((previous) => ({ data: previous.data, loading: true }))
    const timer = setTimeout(() => {
      loadRef.current(controller.signal).then(
        (data) => !controller.signal.aborted && setState({ data, loading: false }),
        (error) => !controller.signal.aborted && setState({ error: toStoreError(error), loading: false })
      )
    }, delayMs)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [key, attempt, delayMs])

  const reload = useCallback(() => setAttempt((n) => n + 1), [])
  return { data: state.data, error: state.error, loading: state.loading, reload }
}
