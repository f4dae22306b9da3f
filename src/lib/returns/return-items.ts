import type { TravellingItem } from "./order-side-items"

/**
 * Which of a shopper's return lines may go back, checked before anything is priced or created:
 * each id must be an item of the order, and the quantity at most what can still be returned:
 * fulfilled, less what returns have requested, and less what the merchant has already received
 * back (whole or damaged). Medusa's own rule subtracts only the requested quantity, and receiving
 * a return lowers that, so without the received quantities an item could go back again and again,
 * each time with a new prepaid label. A line named twice counts once with both quantities. Every
 * problem names its field as the body wrote it, `items[1].quantity`.
 */
export type ReturnableLine = {
  id: string
  fulfilled_quantity: number
  return_requested_quantity: number
  /** Received back in good condition. */
  return_received_quantity?: number
  /** Received back damaged (Medusa's "dismissed"). */
  return_dismissed_quantity?: number
}

export type ReturnItemsCheck = { ok: true; items: TravellingItem[] } | { ok: false; problems: string[] }

export function returnableQuantity(line: ReturnableLine): number {
  const gone = [line.return_requested_quantity, line.return_received_quantity, line.return_dismissed_quantity].reduce<number>((sum, q) => sum + (Number(q) || 0), 0)
  return Math.max(0, (Number(line.fulfilled_quantity) || 0) - gone)
}

export function checkReturnItems(requested: { id: string; quantity: number }[], lines: ReturnableLine[]): ReturnItemsCheck {
  const byId = new Map(lines.map((line) => [line.id, line]))
  const totals = new Map<string, number>()
  const problems: string[] = []
  requested.forEach((item, index) => {
    const line = byId.get(item.id)
    if (!line) {
      problems.push(`items[${index}].id: ${item.id} is not an item of this order`)
      return
    }
    const total = (totals.get(item.id) ?? 0) + item.quantity
    totals.set(item.id, total)
    const returnable = returnableQuantity(line)
    if (total > returnable) {
      problems.push(
        returnable === 0
          ? `items[${index}].quantity: item ${item.id} has nothing left to return (not delivered yet, or already returned)`
          : `items[${index}].quantity: must be at most ${returnable} for item ${item.id} (what can still be returned)`
      )
    }
  })
  return problems.length ? { ok: false, problems } : { ok: true, items: [...totals].map(([id, quantity]) => ({ id, quantity })) }
}
