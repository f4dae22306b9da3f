import type { ServiceOptions } from "../options"
import { canPairReturn, serviceInfo } from "../service-catalogue"
import type { BookingProblem } from "./booking-input"

/** The consignment fields that ask for a return label and its QR codes. */
export type ReturnLabel = { returnProduct?: { id: string }; generateQrCodes?: true }

/**
 * booking.md rule 5: a free return label booked with the outgoing shipment, for the pairings the
 * carrier allows; QR codes (rule 4) when the merchant wants them and the return service has them.
 */
export function freeReturnLabel(service: ServiceOptions, problems: BookingProblem[]): ReturnLabel {
  const returnService = service.returnService
  if (!returnService) {
    return {}
  }
  if (!canPairReturn(service.code, returnService)) {
    const pairs = serviceInfo(service.code).returnServices
    const allowed = pairs.length > 0 ? `it pairs only with ${pairs.join(", ")}` : "it has no free return"
    problems.push({
      field: `services.${service.code}.returnService`,
      message: `service ${service.code}: return service ${returnService} cannot be booked as its free return (booking.md rule 5: ${allowed})`,
    })
    return {}
  }
  return { returnProduct: { id: returnService }, ...qrCodes(service, returnService) }
}

/**
 * booking.md rule 6: a return booked on its own, customer to stock location. Only a return
 * service ships that way without the customer's phone as sender phone; an outgoing service
 * configured as the return option is refused.
 */
export function returnBookingLabel(service: ServiceOptions, problems: BookingProblem[]): ReturnLabel {
  if (!service.isReturn && !serviceInfo(service.code).isReturn) {
    problems.push({
      field: `services.${service.code}.isReturn`,
      message: `service ${service.code}: a return must be booked with a return service (such as 9300), and ${service.code} is not one`,
    })
  }
  return qrCodes(service, service.code)
}

function qrCodes(service: ServiceOptions, returnService: string): ReturnLabel {
  return service.qrCodes && serviceInfo(returnService).qrCodes ? { generateQrCodes: true } : {}
}
