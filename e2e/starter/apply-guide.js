#!/usr/bin/env node
/**
 * Applies docs/storefront.md to a checkout of medusajs/dtc-starter, as a reader would: each code
 * block of steps 2 to 7 is read from the guide itself and put at the place its text names. A place
 * that is not found exactly once stops the script (the starter changed, or the guide did), so the
 * guide and the starter cannot drift apart silently.
 *
 *   node e2e/starter/apply-guide.js <dtc-starter checkout>
 */
const fs = require("node:fs")
const path = require("node:path")

const GUIDE = path.resolve(__dirname, "../../docs/storefront.md")

/** Code blocks of the guide by section number ("## 4. …" → 4), in order. */
function blocksBySection(markdown) {
  const sections = {}
  let section = null
  let block = null
  for (const line of markdown.split("\n")) {
    if (block) {
      if (line.startsWith("```")) {
        ;(sections[section] ??= []).push(block.join("\n"))
        block = null
      } else block.push(line)
      continue
    }
    const heading = /^## (\d+)\./.exec(line)
    if (heading) section = Number(heading[1])
    else if (line.startsWith("## ")) section = null
    else if (line.startsWith("```") && section !== null) block = []
  }
  return sections
}

class StarterFile {
  constructor(root, relative) {
    this.relative = relative
    this.file = path.join(root, "apps/storefront", relative)
    this.lines = fs.readFileSync(this.file, "utf8").split("\n")
  }
  /** The one line index matching `test` in [from, to); fails unless exactly one matches. */
  find(test, what, from = 0, to = this.lines.length) {
    const hits = []
    for (let i = from; i < to; i++) if (test(this.lines[i], i)) hits.push(i)
    if (hits.length !== 1) throw new Error(`${this.relative}: ${what} found ${hits.length} times, expected once`)
    return hits[0]
  }
  /** The first line after `from` matching `test`. */
  firstAfter(from, test, what) {
    const i = this.lines.findIndex((line, j) => j > from && test(line))
    if (i < 0) throw new Error(`${this.relative}: ${what} not found`)
    return i
  }
  findText(text, what = JSON.stringify(text), from, to) {
    return this.find((line) => line.includes(text), what, from, to)
  }
  insertAfter(index, block) {
    this.lines.splice(index + 1, 0, ...block.split("\n"))
  }
  replace(start, endInclusive, block) {
    this.lines.splice(start, endInclusive - start + 1, ...(block === "" ? [] : block.split("\n")))
  }
  save() {
    fs.writeFileSync(this.file, this.lines.join("\n"))
  }
}

function newFile(root, relative, block) {
  const file = path.join(root, "apps/storefront", relative)
  if (fs.existsSync(file)) throw new Error(`${relative}: already exists`)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, block + "\n")
}

/** A block that is one call ending with `.catch(() => {})` replaces the same call without it. */
function replaceCall(file, block) {
  const call = block.trim().replace(/\.catch\(\(\) => \{\}\)$/, "")
  const i = file.find((line) => line.trim() === call, JSON.stringify(call))
  file.replace(i, i, block)
}

function apply(root) {
  const b = blocksBySection(fs.readFileSync(GUIDE, "utf8"))
  const need = { 2: 1, 3: 3, 4: 9, 5: 2, 6: 3, 7: 3 }
  for (const [section, count] of Object.entries(need)) {
    if ((b[section] ?? []).length !== count) throw new Error(`guide step ${section}: ${b[section]?.length ?? 0} code blocks, expected ${count}`)
  }

  // 2. the client
  newFile(root, "src/lib/nordic-parcel.ts", b[2][0])

  // 3. cart.ts
  const cart = new StarterFile(root, "src/lib/data/cart.ts")
  cart.insertAfter(cart.findText('import medusaError from "@lib/util/medusa-error"'), b[3][0])
  const fields = cart.findText("fields ??=")
  cart.replace(fields, fields + 1, b[3][1])
  const setMethod = cart.findText("export async function setShippingMethod({")
  const nextFunction = cart.firstAfter(setMethod, (line) => line.startsWith("export "), "the export after setShippingMethod")
  cart.replace(setMethod, nextFunction - 2, b[3][2])
  cart.save()

  // 4. the delivery step
  const shipping = new StarterFile(root, "src/modules/checkout/components/shipping/index.tsx")
  shipping.insertAfter(shipping.findText("import { calculatePriceForShippingOption }"), b[4][0])
  shipping.insertAfter(shipping.findText('const isOpen = searchParams.get("step") === "delivery"'), b[4][1])
  const handler = shipping.findText("const handleSetShippingMethod = async (")
  const handlerEnd = shipping.firstAfter(handler, (line) => line === "  }", "the end of handleSetShippingMethod")
  shipping.replace(handler, handlerEnd, b[4][2])
  for (const call of [b[4][3], b[4][4], b[4][5]]) replaceCall(shipping, call)
  // The shipping options' RadioGroup: the last one opened before `_shippingMethods?.map`.
  const shippingMap = shipping.findText("_shippingMethods?.map")
  let shippingGroup = shippingMap
  while (shippingGroup >= 0 && !shipping.lines[shippingGroup].trim().startsWith("<RadioGroup")) shippingGroup--
  if (shippingGroup < 0) throw new Error("the shipping options' RadioGroup not found")
  shipping.insertAfter(shippingGroup - 1, b[4][6])
  const map = shipping.findText("_shippingMethods?.map")
  const name = shipping.firstAfter(map, (line) => line.trim() === "{option.name}", "the shipping option's name")
  shipping.replace(name - 1, name + 1, b[4][7])
  // The first </RadioGroup> after the map closes the shipping options (the pickup options follow).
  const groupEnd = shipping.lines.findIndex((line, i) => i > map && line.trim() === "</RadioGroup>")
  if (groupEnd < 0) throw new Error("the shipping options' </RadioGroup> not found")
  shipping.insertAfter(groupEnd, b[4][8])
  shipping.save()

  // 5. the address step
  const addressForm = new StarterFile(root, "src/modules/checkout/components/shipping-address/index.tsx")
  const lastImport = addressForm.find((line, i) => line.startsWith("import ") && !addressForm.lines.slice(i + 1).some((l) => l.startsWith("import ")), "the last import")
  addressForm.insertAfter(lastImport, b[5][0])
  const city = addressForm.findText('data-testid="shipping-city-input"')
  if (addressForm.lines[city + 1].trim() !== "/>") throw new Error("the city input's end not found")
  addressForm.insertAfter(city + 1, b[5][1])
  addressForm.save()

  // 6. the order page
  newFile(root, "src/modules/order/components/nordic-parcel-after-sale/index.tsx", b[6][0])
  const template = new StarterFile(root, "src/modules/order/templates/order-details-template.tsx")
  template.insertAfter(template.findText("import ShippingDetails from"), b[6][1])
  const details = template.findText(b[6][2].split("\n")[0].trim())
  template.replace(details, details, b[6][2])
  template.save()

  // 7. the return page
  const orders = new StarterFile(root, "src/lib/data/orders.ts")
  const retrieve = orders.findText("export const retrieveOrder = async")
  const retrieveEnd = orders.firstAfter(retrieve, (line) => line === "}", "the end of retrieveOrder")
  const next = orders.findText("const next = {", "retrieveOrder's const next", retrieve, retrieveEnd)
  const nextEnd = orders.firstAfter(next, (line) => line === "  }", "the end of const next")
  const useNext = orders.find((line) => line.trim() === "next,", "retrieveOrder's next,", nextEnd, retrieveEnd)
  if (orders.lines[useNext + 1].trim() !== 'cache: "force-cache",') throw new Error('retrieveOrder\'s cache: "force-cache" not found')
  orders.replace(useNext, useNext + 1, b[7][0])
  orders.replace(next, orders.lines[nextEnd + 1] === "" ? nextEnd + 1 : nextEnd, "")
  orders.save()
  newFile(root, "src/modules/order/components/nordic-parcel-return/index.tsx", b[7][1])
  newFile(root, "src/app/[countryCode]/(main)/account/@dashboard/orders/details/[id]/return/page.tsx", b[7][2])
}

if (require.main === module) {
  const root = process.argv[2]
  if (!root || !fs.existsSync(path.join(root, "apps/storefront/package.json"))) {
    console.error("usage: node e2e/starter/apply-guide.js <dtc-starter checkout>")
    process.exit(2)
  }
  apply(path.resolve(root))
  console.log("docs/storefront.md steps 2-7 applied to", path.join(root, "apps/storefront"))
}

module.exports = { apply, blocksBySection }
