import { ShipmentNumbers } from "./ids"
import type { SandboxBooking, SandboxPickupOrder } from "./types"

/** What a label, return label or waybill PDF shows; stored per consignment number. */
export interface ShippingDocument {
  consignmentNumber: string
  /** The `auth-token` of the document's links (carrier notes 20). */
  token: string
  packageNumbers: string[]
  /** Package numbers that have a QR code image (carrier notes 30). */
  qrPackageNumbers: string[]
  /** Cargo bookings also get a waybill. */
  hasWaybill: boolean
  /** Label text, one entry per line. */
  lines: string[]
  /** A PDF, or a label-printer file with RFID instructions for the tracked mailbox parcel 3570. */
  labelFormat: "pdf" | "zpl"
}

/** Bookings and pickup orders made through the sandbox (tests inspect them) and the documents their links lead to. */
export class BookingStore {
  readonly bookings: SandboxBooking[] = []
  readonly pickupOrders: SandboxPickupOrder[] = []
  readonly numbers: ShipmentNumbers
  private readonly documents = new Map<string, ShippingDocument>()

  constructor(numberingStart = 0) {
    this.numbers = new ShipmentNumbers(numberingStart)
  }

  add(booking: SandboxBooking, documents: ShippingDocument[]): void {
    this.bookings.push(booking)
    for (const document of documents) this.documents.set(document.consignmentNumber, document)
  }

  addPickupOrder(order: SandboxPickupOrder): void {
    this.pickupOrders.push(order)
  }

  /** The document, when the token matches the one its links carry. */
  document(consignmentNumber: string, token: string | null): ShippingDocument | "unknown" | "wrong-token" {
    const document = this.documents.get(consignmentNumber)
    if (!document) return "unknown"
    return document.token === token ? document : "wrong-token"
  }

  hasConsignment(consignmentNumber: string): boolean {
    return this.documents.has(consignmentNumber)
  }

  /** The booking a shipment or package number belongs to (outgoing or return). */
  findByNumber(number: string): SandboxBooking | undefined {
    return this.bookings.find(
      (b) => b.consignmentNumber === number || b.returnConsignmentNumber === number || b.packageNumbers.includes(number)
    )
  }

  reset(): void {
    this.bookings.length = 0
    this.pickupOrders.length = 0
    this.documents.clear()
    this.numbers.reset()
  }
}
