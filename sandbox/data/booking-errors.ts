/**
 * Booking error codes (the short list of documented codes, carrier notes 14). `GET /booking/api/errors` serves this catalogue;
 * suffixable codes get `-SENDER` or `-RECIPIENT` appended when they concern a party.
 */
export interface BookingErrorType {
  code: string
  message: string
  suffixable: boolean
}

const entry = (code: string, message: string, suffixable = false): BookingErrorType => ({ code, message, suffixable })

export const BOOKING_ERROR_TYPES: readonly BookingErrorType[] = [
  entry("BOOK-INPUT-001", "Bad request"),
  entry("BOOK-INPUT-002", "Weight is required"),
  entry("BOOK-INPUT-003", "Schema version must be present"),
  entry("BOOK-INPUT-004", "At least one consignment must be specified"),
  entry("BOOK-INPUT-005", "Multiple consignments in one booking is not supported"),
  entry("BOOK-INPUT-006", "Sender must be specified"),
  entry("BOOK-INPUT-007", "Recipient must be specified"),
  entry("BOOK-INPUT-008", "Product must be set"),
  entry("BOOK-INPUT-009", "Package or Package Group must be specified"),
  entry("BOOK-INPUT-012", "Shipping date and time must be provided"),
  entry("BOOK-INPUT-014", "Name must be provided", true),
  entry("BOOK-INPUT-015", "Address must be provided", true),
  entry("BOOK-INPUT-016", "City must be provided", true),
  entry("BOOK-INPUT-017", "ISO Country code must be provided", true),
  entry("BOOK-INPUT-018", "Product ID must be provided"),
  entry("BOOK-INPUT-019", "Customer number must be provided"),
  entry("BOOK-INPUT-020", "Invalid product ID"),
  entry("BOOK-INPUT-021", "Invalid customer number"),
  entry("BOOK-INPUT-023", "The shipment is too big to send with the given product"),
  entry("BOOK-INPUT-024", "The product is not available between the given addresses (outside coverage)"),
  entry("BOOK-INPUT-028", "Invalid country code", true),
  entry("BOOK-INPUT-030", "Please set the testIndicator attribute on the request (true = test booking, false = production booking)"),
  entry("BOOK-INPUT-043", "The customer does not have a return agreement for that country/product"),
  entry("BOOK-INPUT-045", "Could not find a pickup point for the provided recipient"),
  entry("BOOK_INPUT-057", "Invalid postal Code", true),
  entry("BOOK_INPUT-059", "Invalid input provided. Not able to parse the input successfully"),
  entry("BOOK-INPUT-072", "Missing both recipient phone number and mobile number"),
  entry("BOOK-AUTHORIZATION-001", "Your user is not authorized to perform this action"),
  entry("BOOK-VALIDATION-001", "Unexpected business validation rule failure"),
  entry("BOOK_VALIDATION-011", "A valid recipient mobile number or email address is required for notification"),
  entry("BOOK-INTERNAL-001", "An unexpected error occurred"),
  entry("BOOK-INTERNAL-002", "A required external service is unavailable"),
]
