import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { NORDIC_PARCEL_MODULE } from "../../../../../../modules/nordic_parcel"
import type NordicParcelModuleService from "../../../../../../modules/nordic_parcel/service"
import { postalCodePlaces } from "../../../../../../lib/checkout/postal-code-places"
import { StorePostalCodeParams } from "../../../../../validators"

/**
 * GET /store/nordic-parcel/postal-codes/:country_code/:postal_code → `{ postal_code: { postal_code,
 * city, type, cities } }`: the place(s) of a postal code, for address autofill. A code shared by
 * several places (the carrier's multi-city lookup) lists them all in `cities` and leaves `city`
 * null: the shopper chooses, nothing picks the first. 404 when the carrier does not know the code.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const parsed = StorePostalCodeParams.safeParse(req.params)
  if (!parsed.success) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, parsed.error.issues.map((i) => i.message).join("; "))
  }
  const { country_code, postal_code } = parsed.data
  const nordicParcel = req.scope.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  const lookup = nordicParcel.carrier().lookup
  const request = { countryCode: country_code, postalCode: postal_code }
  // The multi-city lookup answers every place of the code; a carrier that answers it only for codes
  // with several places leaves the single-place lookup to answer the others (and unknown codes).
  let records = await lookup.getCitiesAndTypes(request)
  if (!records.length) {
    const single = await lookup.getCityAndType(request)
    records = single ? [single] : []
  }
  if (!records.length) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `postal_code ${postal_code} does not exist in ${country_code}`)
  }
  res.json({ postal_code: postalCodePlaces(postal_code, records) })
}
