/**
 * The settings route answers a refused change with 400 and one message naming each field, e.g.
 * "Invalid nordic-parcel settings: services[PA_DOREN].markup: must be …; packaging.weight_unit: …".
 * This splits it into field → rule, keyed the way the form names its inputs
 * ("services.PA_DOREN.markup", "packaging.weight_unit"), so each error shows at its field.
 */
export type FieldErrors = Record<string, string>

export function fieldErrorsOf(message: string): FieldErrors {
  const body = message.replace(/^Invalid nordic-parcel settings:\s*/, "")
  const errors: FieldErrors = {}
  for (const part of body.split("; ")) {
    const match = /^([\w.[\]-]+): (.+)$/s.exec(part.trim())
    if (!match) continue
    const key = match[1]!.replace(/\[([^\]]+)\]/g, ".$1").replace(/\.\d+$/, "")
    errors[key] = errors[key] ? `${errors[key]}; ${match[2]}` : match[2]!
  }
  return errors
}
