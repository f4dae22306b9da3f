import type { AxiosResponse } from "axios"

/** The response of a request that axios rejected (4xx/5xx), for asserting on error answers. */
export function responseOf(error: unknown): AxiosResponse {
  const response = (error as { response?: AxiosResponse }).response
  if (!response) {
    throw error
  }
  return response
}
