import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

/** The baseline: a POST route through Medusa's router and body parser that does nothing. */
export async function POST(_req: MedusaRequest, res: MedusaResponse) {
  res.status(200).json({ received: true })
}
