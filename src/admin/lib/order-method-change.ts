import { toast } from "@medusajs/ui"
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { sdk } from "./sdk"

/**
 * A change the merchant makes to an order's carrier method before it is booked (its pickup point,
 * its requested delivery day): posted to the order's route, which records it under the order's
 * booking lock or refuses it once booked. On success the form closes and the order's view is read
 * again; the server's refusal is shown as it is.
 */
export function useOrderMethodChange<Value>({
  orderId,
  path,
  body,
  done,
  onClosed,
}: {
  orderId: string
  path: "pickup-point" | "delivery-date"
  body: (value: Value) => Record<string, unknown>
  done: string
  onClosed: () => void
}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (value: Value) => sdk.client.fetch(`/admin/nordic-parcel/orders/${orderId}/${path}`, { method: "POST", body: body(value) }),
    onSuccess: () => {
      toast.success(done)
      onClosed()
      void queryClient.invalidateQueries({ queryKey: ["nordic-parcel", "order", orderId] })
    },
    onError: (error: Error) => toast.error(error.message),
  })
}
