import { CarrierError } from "./errors"

/**
 * Wraps a client so that every CarrierError one of its methods rejects with is reported to
 * `onError` before it reaches the caller. One place sees every failure, whichever code path
 * called (checkout, booking, routes, jobs) and whether or not the caller then handles it, which is
 * what a merchant's status page needs. Internal calls between a client's own methods go to the
 * unwrapped client, so a failure is reported once.
 */
export function observeCarrierErrors<T extends object>(client: T, onError: (error: CarrierError) => void): T {
  const report = (error: unknown) => {
    if (error instanceof CarrierError) {
      try {
        onError(error)
      } catch {
        // Reporting must never change what the caller sees.
      }
    }
  }
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target)
      if (typeof value !== "function") {
        return value
      }
      return (...args: unknown[]) => {
        const result: unknown = value.apply(target, args)
        return result instanceof Promise
          ? result.catch((error: unknown) => {
              report(error)
              throw error
            })
          : result
      }
    },
  })
}
