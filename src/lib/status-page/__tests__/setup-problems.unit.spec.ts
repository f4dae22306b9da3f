import {
  REQUIRED_FULFILLMENT_DEPENDENCIES,
  fulfillmentDependenciesOf,
  setupProblems,
  type SetupInput,
  type SetupProblemCode,
} from "../setup-problems"

const fine: SetupInput = {
  fulfillmentDependencies: ["nordic_parcel", "query"],
  webhookUrl: "https://shop.example",
  webhookSecretSet: true,
  credentialsValid: true,
  orderAccessSecretSet: true,
}

describe("setupProblems", () => {
  it.each<[string, Partial<SetupInput>, SetupProblemCode[]]>([
    ["a complete set-up", {}, []],
    ["the carrier could not be asked: nothing is claimed about the credentials", { credentialsValid: null }, []],
    ["no dependencies line", { fulfillmentDependencies: [] }, ["fulfillment_dependencies"]],
    ["query missing", { fulfillmentDependencies: ["nordic_parcel"] }, ["fulfillment_dependencies"]],
    ["no fulfillment module registers the provider", { fulfillmentDependencies: null }, ["provider_not_registered"]],
    ["no public URL", { webhookUrl: undefined }, ["webhook_url"]],
    ["no secret", { webhookSecretSet: false }, ["webhook_secret"]],
    ["credentials refused", { credentialsValid: false }, ["credentials_refused"]],
    ["no orderAccess.secret (a store upgraded from 0.1.0 keeps none): guests are refused", { orderAccessSecretSet: false }, ["order_access_secret"]],
    [
      "everything wrong at once",
      { fulfillmentDependencies: [], webhookUrl: undefined, webhookSecretSet: false, credentialsValid: false },
      ["fulfillment_dependencies", "webhook_url", "webhook_secret", "credentials_refused"],
    ],
  ])("%s", (_, change, codes) => {
    const problems = setupProblems({ ...fine, ...change })
    expect(problems.map((p) => p.code)).toEqual(codes)
    for (const problem of problems) expect(problem.fix.length).toBeGreaterThan(20)
  })

  it("names the option that lets guests in again, its length, and who is not affected", () => {
    const [problem] = setupProblems({ ...fine, orderAccessSecretSet: false })
    expect(problem!.message).toMatch(/guest/i)
    expect(problem!.message).toMatch(/signed-in customers/i)
    expect(problem!.fix).toContain("orderAccess.secret")
    expect(problem!.fix).toContain("32 bytes")
    expect(problem!.fix).not.toMatch(/apiKey/)
  })

  it("names the missing dependencies and the line to add", () => {
    const [problem] = setupProblems({ ...fine, fulfillmentDependencies: ["nordic_parcel"] })
    expect(problem!.message).toContain("query")
    expect(problem!.fix).toContain('dependencies: ["nordic_parcel","query"]')
  })
})

describe("fulfillmentDependenciesOf (the loaded medusa-config)", () => {
  const fulfillment = (dependencies?: string[], resolve = "medusa-plugin-nordic-parcel/providers/nordic-parcel") => ({
    resolve: "@medusajs/medusa/fulfillment",
    ...(dependencies ? { dependencies } : {}),
    options: { providers: [{ resolve: "@medusajs/medusa/fulfillment-manual", id: "manual" }, { resolve, id: "nordic-parcel" }] },
  })

  it.each<[string, unknown, string[] | null]>([
    ["modules keyed by name, with dependencies", { modules: { fulfillment: fulfillment(["nordic_parcel", "query"]) } }, ["nordic_parcel", "query"]],
    ["modules as a list, without dependencies", { modules: [fulfillment()] }, []],
    ["the provider loaded from the repository by path", { modules: { fulfillment: fulfillment(["locking"], "./src/providers/nordic-parcel") } }, ["locking"]],
    ["only the manual provider", { modules: { fulfillment: { options: { providers: [{ resolve: "x", id: "manual" }] } } } }, null],
    ["no modules at all", {}, null],
    ["a module switched off (false)", { modules: { fulfillment: false } }, null],
  ])("%s", (_, configModule, expected) => {
    expect(fulfillmentDependenciesOf(configModule as { modules?: unknown })).toEqual(expected)
  })
})
