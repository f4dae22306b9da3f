import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { NORDIC_PARCEL_MODULE } from "../../../../../../modules/nordic_parcel"
import type NordicParcelModuleService from "../../../../../../modules/nordic_parcel/service"
import { StorePostalCodeParams } from "../../../../../validators"

/**
 * GET /store/nordic-parcel/postal-codes/:country_code/:postal_code: city and type of a postal
 * code, for address autofill. 404 when the carrier does not know the code.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const parsed = StorePostalCodeParams.safeParse(req.params)
  if (!parsed.success) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, parsed.error.issues.map((i) => i.message).join("; "))
  }
  const { country_code, postal_code } = parsed.data
  const nordicParcel = req.scope.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  const record = await nordicParcel.carrier().lookup.getCityAndType({ countryCode: country_code, postalCode: postal_code })
  if (!record) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `postal_code ${postal_code} does not exist in ${country_code}`)
  }
  res.json({
    postal_code: { postal_code: record.postalcode ?? postal_code, city: record.city ?? null, type: record.postalCodeType ?? null },
  })
}
