/**
 * Minimal XML writer for the lookups' `.xml` forms: objects become child elements, arrays repeat
 * the element under the same name, null and undefined are left out.
 */
export type XmlValue = string | number | boolean | null | undefined | XmlValue[] | { [name: string]: XmlValue }

export function xmlDocument(root: string, content: XmlValue): string {
  return `<?xml version="1.0" encoding="UTF-8"?>${element(root, content)}`
}

function element(name: string, value: XmlValue): string {
  if (value === null || value === undefined) return ""
  if (Array.isArray(value)) return value.map((item) => element(name, item)).join("")
  if (typeof value === "object") {
    const children = Object.entries(value).map(([child, childValue]) => element(child, childValue)).join("")
    return `<${name}>${children}</${name}>`
  }
  return `<${name}>${escape(String(value))}</${name}>`
}

function escape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;")
}
