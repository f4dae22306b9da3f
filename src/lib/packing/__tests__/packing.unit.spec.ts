import { packPackages } from "../packages"
import { packParcel, type PackagingOptions } from "../parcel"
import { applyPriceAdjustment } from "../../checkout/price-adjustment"
import { toCentimetres, toGrams } from "../units"

const grams: PackagingOptions = { weightUnit: "g", dimensionUnit: "cm", defaultItemWeight: 500, packagingWeight: 0 }

describe("unit conversion", () => {
  it.each([
    [1, "kg", 1000],
    [2.5, "lb", 1133.981],
    [16, "oz", 453.592],
    [750, "g", 750],
  ] as const)("%s %s = %s g", (value, unit, expected) => {
    expect(toGrams(value, unit)).toBeCloseTo(expected, 2)
  })

  it.each([
    [250, "mm", 25],
    [0.6, "m", 60],
    [10, "in", 25.4],
  ] as const)("%s %s = %s cm", (value, unit, expected) => {
    expect(toCentimetres(value, unit)).toBeCloseTo(expected, 5)
  })
})

describe("packParcel", () => {
  it.each([
    {
      name: "one item with weight and dimensions",
      items: [{ quantity: 1, variant: { weight: 1200, length: 30, width: 20, height: 10 } }],
      packaging: grams,
      expected: { weightGrams: 1200, dimensions: { lengthCm: 30, widthCm: 20, heightCm: 10 }, volumeDm3: 6 },
    },
    {
      name: "quantities stack heights and multiply weight; packaging weight is added",
      items: [{ quantity: 3, variant: { weight: 200, length: 20, width: 15, height: 4 } }],
      packaging: { ...grams, packagingWeight: 150 },
      expected: { weightGrams: 750, dimensions: { lengthCm: 20, widthCm: 15, heightCm: 12 }, volumeDm3: 3.6 },
    },
    {
      name: "kilograms and millimetres are converted",
      items: [{ quantity: 2, variant: { weight: 1.25, length: 300, width: 200, height: 50 } }],
      packaging: { ...grams, weightUnit: "kg", dimensionUnit: "mm" },
      expected: { weightGrams: 2500, dimensions: { lengthCm: 30, widthCm: 20, heightCm: 10 }, volumeDm3: 6 },
    },
    {
      name: "product weight when the variant has none, default when neither has one",
      items: [
        { quantity: 1, variant: { weight: null }, product: { weight: 300 } },
        { quantity: 2, variant: {}, product: {} },
      ],
      packaging: grams,
      expected: { weightGrams: 1300 },
    },
    {
      name: "dimensions unknown when one item lacks them and no default exists",
      items: [
        { quantity: 1, variant: { weight: 100, length: 10, width: 10, height: 10 } },
        { quantity: 1, variant: { weight: 100 } },
      ],
      packaging: grams,
      expected: { weightGrams: 200 },
    },
    {
      name: "default dimensions fill in for items without them",
      items: [{ quantity: 1, variant: { weight: 100 } }],
      packaging: { ...grams, defaultItemDimensions: { length: 25, width: 20, height: 5 } },
      expected: { weightGrams: 100, dimensions: { lengthCm: 25, widthCm: 20, heightCm: 5 }, volumeDm3: 2.5 },
    },
    {
      name: "sides are ordered longest first whatever the variant's orientation",
      items: [{ quantity: 1, variant: { weight: 100, length: 5, width: 40, height: 20 } }],
      packaging: grams,
      expected: { weightGrams: 100, dimensions: { lengthCm: 40, widthCm: 20, heightCm: 5 }, volumeDm3: 4 },
    },
  ])("$name", ({ items, packaging, expected }) => {
    expect(packParcel(items, packaging as PackagingOptions)).toEqual(expected)
  })

  it("reads Medusa's BigNumber-like quantities", () => {
    const quantity = { toString: () => "4" }
    expect(packParcel([{ quantity, variant: { weight: 250 } }], grams).weightGrams).toBe(1000)
  })
})

describe("applyPriceAdjustment (carrier priceAdjustments syntax)", () => {
  it.each([
    ["p10p", "PA_DOREN", 100, 110],
    ["m10p", "PA_DOREN", 100, 90],
    ["p25", "PA_DOREN", 100, 125],
    ["m25", "PA_DOREN", 100, 75],
    ["49", "PA_DOREN", 100, 49],
    ["p12.5p", "PA_DOREN", 80, 90],
    ["PA_DOREN_p10p", "PA_DOREN", 100, 110],
    ["SERVICEPAKKE_p10p", "PA_DOREN", 100, 100],
    ["m200", "PA_DOREN", 100, 0],
  ])("%s on %s: %s → %s", (adjustment, code, price, expected) => {
    expect(applyPriceAdjustment(price, adjustment, code)).toBe(expected)
  })

  it("refuses text outside the syntax", () => {
    expect(() => applyPriceAdjustment(100, "+10%", "PA_DOREN")).toThrow(/invalid price adjustment/)
  })
})

describe("packPackages: as many packages as the service's per-package limits need", () => {
  const parcelLimits = { maxWeightKg: 35, maxDimensionsCm: [120, 60, 60] as const, maxPackages: 50 }
  const mailbox = { maxWeightKg: 5, maxDimensionsCm: [35, 25, 7] as const, maxPackages: 1 }
  const sack = { quantity: 1, variant: { weight: 30000, length: 80, width: 40, height: 30 } }
  const book = { quantity: 1, variant: { weight: 500, length: 24, width: 16, height: 3 } }

  it.each([
    { name: "two 30 kg items: one package each", items: [{ ...sack, quantity: 2 }], limits: parcelLimits, weights: [30000, 30000] },
    { name: "what fits together stays together", items: [{ ...book, quantity: 4 }], limits: parcelLimits, weights: [2000] },
    { name: "heaviest first, lighter units fill the room left", items: [{ ...sack, quantity: 2 }, { ...book, quantity: 2 }], limits: parcelLimits, weights: [31000, 30000] },
    { name: "heights stack until the size limit, then a new package", items: [{ quantity: 5, variant: { weight: 1000, length: 50, width: 50, height: 25 } }], limits: parcelLimits, weights: [4000, 1000] },
    { name: "packaging weight counts against the limit of every package", items: [{ quantity: 2, variant: { weight: 17400 } }], limits: parcelLimits, packagingWeight: 300, weights: [17700, 17700] },
    { name: "no limits (a service the plugin does not know): one package", items: [{ ...sack, quantity: 2 }], limits: undefined, weights: [60000] },
    { name: "a mailbox parcel with two books", items: [{ ...book, quantity: 2 }], limits: mailbox, weights: [1000] },
  ])("$name", ({ items, limits, weights, packagingWeight }) => {
    const result = packPackages(items, { ...grams, packagingWeight: packagingWeight ?? 0 }, limits)
    expect(result.ok && result.packages.map((p) => p.weightGrams)).toEqual(weights)
    // Every unit is packed exactly once.
    const packed = result.ok ? result.packages.flatMap((p) => p.contents).reduce((sum, c) => sum + c.quantity, 0) : 0
    expect(packed).toBe(items.reduce((sum, item) => sum + item.quantity, 0))
  })

  it.each([
    { name: "an item heavier than a package may be", items: [{ quantity: 1, variant: { weight: 36000 } }], limits: parcelLimits, reason: /one unit \(36 kg\) exceeds a package's limit \(35 kg, 120 x 60 x 60 cm\)/ },
    { name: "an item longer than a package may be", items: [{ quantity: 1, variant: { weight: 1000, length: 130, width: 10, height: 10 } }], limits: parcelLimits, reason: /130 x 10 x 10 cm\) exceeds/ },
    { name: "a mailbox parcel that would need two packages", items: [{ ...book, quantity: 3 }], limits: mailbox, reason: /need 2 packages and the service takes exactly one/ },
  ])("refuses $name", ({ items, limits, reason }) => {
    const result = packPackages(items, grams, limits)
    expect(result.ok).toBe(false)
    expect(!result.ok && result.reason).toMatch(reason)
  })
})
