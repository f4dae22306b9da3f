import { toast } from "@medusajs/ui"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { sdk } from "./sdk"

/** React Query hooks over the plugin's admin routes; every failure becomes a toast with the server's message. */
const BASE = "/admin/nordic-parcel"

export function usePluginQuery<T>(key: string, path: string) {
  return useQuery({ queryKey: ["nordic-parcel", key], queryFn: () => sdk.client.fetch<T>(`${BASE}${path}`) })
}

export function usePluginMutation<TBody = unknown, TResult = unknown>(
  method: "POST" | "DELETE",
  path: (body: TBody) => string,
  options: { invalidate: string[]; success?: (result: TResult) => string; body?: (input: TBody) => Record<string, unknown> }
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: TBody) =>
      sdk.client.fetch<TResult>(`${BASE}${path(input)}`, {
        method,
        ...(method === "POST" ? { body: options.body ? options.body(input) : (input as Record<string, unknown>) } : {}),
      }),
    onSuccess: (result) => {
      options.invalidate.forEach((key) => queryClient.invalidateQueries({ queryKey: ["nordic-parcel", key] }))
      if (options.success) toast.success(options.success(result))
    },
    onError: (error: Error) => toast.error(error.message),
  })
}
