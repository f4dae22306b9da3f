/**
 * Additional (value-added) services: the codes the carrier names, with the list prices the
 * shipping lookup adds (NOK without VAT). Which service accepts which code is in data/services.ts.
 */
export interface AdditionalService {
  id: string
  description: string
  /** `additionalServiceCodeFromProductionSystem` in the lookup response. */
  productionCode: string
  price: number
}

export const ADDITIONAL_SERVICES: readonly AdditionalService[] = [
  { id: "EVARSLING", description: "E-varsling", productionCode: "1133", price: 3 },
  { id: "POSTOPPKRAV", description: "Postoppkrav", productionCode: "1000", price: 49 },
  { id: "LORDAGSUTKJORING", description: "Lørdagsutkjøring", productionCode: "0190", price: 149 },
  { id: "SIMPLE_DELIVERY", description: "Enkel utlevering", productionCode: "2012", price: 9 },
  { id: "FLEX_DELIVERY", description: "Fleksibel levering", productionCode: "2084", price: 19 },
  { id: "1081", description: "Pose på døren", productionCode: "1081", price: 15 },
  { id: "DANGEROUS_GOODS", description: "Farlig gods", productionCode: "1002", price: 250 },
  // The carrier lists deliveryOption among the value-added services; choosing one costs nothing.
  { id: "deliveryOption", description: "Leveringsalternativ", productionCode: "0000", price: 0 },
]

/** Added to SERVICEPAKKE's base price when EVARSLING is not ordered (lookup, older interface). */
export const PAPER_NOTIFICATION_FEE = 25

/** Surcharge when the parcel is handed in at a post office (lookup `postingatpostoffice`). */
export const POSTING_AT_POST_OFFICE_FEE = 15
export const POSTING_AT_POST_OFFICE_SERVICES = ["SERVICEPAKKE", "BPAKKE_DOR-DOR"]

export function findAdditionalService(id: string): AdditionalService | undefined {
  return ADDITIONAL_SERVICES.find((s) => s.id === id)
}
