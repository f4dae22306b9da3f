/**
 * Public types of the carrier sandbox (the contract in API.md). Everything a test or demo can
 * see is declared here; the rest of the folder is implementation.
 */

export interface SandboxUser {
  apiUid: string
  apiKey: string
  /** Short customer numbers ("5", "6", "7") this user may book and subscribe with. */
  customerNumbers: string[]
  /** Admins see and manage every customer subscription on their customer numbers (carrier notes 26). */
  admin?: boolean
}

export interface SandboxOptions {
  port?: number
  host?: string
  users?: SandboxUser[]
  /** Requests per second per API user (carrier notes 3). */
  rateLimits?: Partial<RateLimits>
  /**
   * Bytes of incompressible image each label page carries, as the carrier's labels carry barcodes
   * and logos (50–150 kB a label); default none (a text-only label of about 1 kB).
   */
  labelImageBytes?: number
  /** Requests in flight per user on event-cast (carrier notes 3); the test operation is limited to 10. */
  eventsConcurrency?: number
  clock?: "manual" | "real"
  /** Start of the manual clock; default: the real time when the sandbox starts. */
  startAt?: Date
  /** Real clock only: factor applied to the 30/60/120-minute callback retry offsets. */
  retryScale?: number
  /** Consignment and package sequences start after this number (default 0): a sandbox restarted beside a store that kept earlier bookings never repeats one. Below 80,000,000. */
  numberingStart?: number
  callbackTimeoutMs?: number
  log?: (line: string) => void
}

export interface RateLimits {
  booking: number
  shipping: number
  pickup: number
  postal: number
}

export type RouteGroup =
  | "shipping"
  | "pickup"
  | "postal"
  | "booking"
  | "customers"
  | "label"
  | "events"
  | "events-test"
  /** The sandbox's own control routes (routes/control.ts), not the carrier's. */
  | "control"

export type Fault =
  | { kind: "status"; status: number; times?: number; retryAfter?: number }
  | { kind: "hang"; times?: number }
  | { kind: "latency"; ms: number; times?: number }
  | { kind: "reset"; times?: number }
  /** Answers this instead of the route: a hostile or broken answer (a redirect elsewhere, a huge or unexpected body). */
  | { kind: "answer"; status: number; headers?: Record<string, string>; body?: string | Buffer; times?: number }

export interface ReceivedRequest {
  method: string
  path: string
  query: Record<string, string | string[]>
  headers: Record<string, string>
  body: unknown
  at: Date
  /** 0 while unanswered, and for requests that never got an answer (hang, reset). */
  status: number
}

export interface SandboxBooking {
  /** The consignment exactly as received. */
  request: unknown
  consignmentNumber: string
  packageNumbers: string[]
  returnConsignmentNumber?: string
  /** Short form ("5"), whatever form the request used. */
  customerNumber: string
  test: boolean
  at: Date
}

/** A pickup order the sandbox confirmed (carrier notes 47). */
export interface SandboxPickupOrder {
  /** The request body exactly as received. */
  request: unknown
  /** The carrier's reference of the order (the confirmation's `packageNumber`). */
  packageNumber: string
  /** Short form ("5"), whatever form the request used. */
  customerNumber: string
  test: boolean
  /** The confirmed window, epoch milliseconds. */
  earliestPickupDate: number
  latestPickupDate: number
  at: Date
}

export interface CallbackHeader {
  key: string
  value: string
}

export interface TrackingSubscription {
  id: string
  authenticator: string
  trackingId: string
  configuration: { url: string; content_type: string; headers: CallbackHeader[] }
  event_groups: string[]
  created: string
  expiry: string
}

export interface CustomerSubscription {
  id: string
  customerNumber: string
  eventSet: string[]
  webhookConfiguration: {
    webhookUrl: string
    contentType: string
    headers: { key: string; value: string | null }[]
  }
  created: string
  expiry: string
  createdBy: string
}

export interface CallbackPayload {
  status: string
  id: string
  shipment: string
  package: string
  created: string
  pushed: string
}

export interface CallbackAttempt {
  subscriptionId: string
  url: string
  payload: CallbackPayload
  headers: Record<string, string>
  /** 1 for the first delivery, 2..4 for the retries of carrier notes 24. */
  attempt: number
  at: Date
  outcome: "delivered" | "failed"
  status?: number
  error?: string
}

export interface SandboxEvent {
  status: string
  shipment?: string
  package?: string
  id?: string
  created?: Date
}

export interface SandboxClock {
  now(): Date
  /** Moves time forward, running (and awaiting) the callback retries that fall due. */
  advance(ms: number): Promise<void>
}

export interface Sandbox {
  url: string
  credentials: { apiUid: string; apiKey: string }
  close(): Promise<void>
  reset(): void
  requests: ReceivedRequest[]
  bookings: SandboxBooking[]
  /** Pickup orders confirmed, oldest first. */
  pickupOrders: SandboxPickupOrder[]
  trackingSubscriptions(): TrackingSubscription[]
  customerSubscriptions(): CustomerSubscription[]
  callbacks: CallbackAttempt[]
  fault(group: RouteGroup | "*", fault: Fault): void
  clearFaults(): void
  emitEvent(e: SandboxEvent): Promise<CallbackAttempt[]>
  clock: SandboxClock
}
