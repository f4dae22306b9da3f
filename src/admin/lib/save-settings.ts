import { toast } from "@medusajs/ui"
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import { fieldErrorsOf, type FieldErrors } from "./field-errors"
import { sdk } from "./sdk"

type Values = Record<string, unknown>

/**
 * Saves a settings change; a 400 is split into errors at the fields it names (an edit drawer then
 * stays open). `afterSave` runs on success, e.g. to close the drawer.
 */
export function useSaveSettings(onSaved: string, afterSave?: () => void) {
  const queryClient = useQueryClient()
  const [errors, setErrors] = useState<FieldErrors>({})
  const save = useMutation({
    mutationFn: (body: Values) => sdk.client.fetch("/admin/nordic-parcel/settings", { method: "POST", body }),
    onSuccess: () => {
      setErrors({})
      void queryClient.invalidateQueries({ queryKey: ["nordic-parcel"] })
      toast.success(onSaved)
      afterSave?.()
    },
    onError: (error: Error) => {
      const byField = fieldErrorsOf(error.message)
      setErrors(byField)
      toast.error(Object.keys(byField).length > 0 ? "Not saved: see the marked fields" : error.message)
    },
  })
  return { save, errors }
}

/** Only what differs from what is in force: the server keeps every other setting as it is. */
export function changes(draft: Values, current: Values): Values {
  return Object.fromEntries(Object.entries(draft).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(current[key] ?? null)))
}
