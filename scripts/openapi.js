#!/usr/bin/env node
/**
 * The OpenAPI 3.1 document of the plugin's store, admin and webhook routes, generated from the
 * routes themselves, so it cannot drift from them:
 *
 * - the routes: every `src/api/**\/route.ts` and the HTTP methods it exports (read from its syntax
 *   tree, as Medusa's router reads its exports);
 * - request bodies and query parameters: the zod schemas `src/api/middlewares.ts` hands to Medusa's
 *   `validateAndTransformBody` / `validateAndTransformQuery` for that route and method, read by
 *   loading the middlewares with those two functions recording what they are given, then zod's own
 *   JSON Schema output (`z.toJSONSchema`, zod 4, as `@medusajs/framework/zod` ships it) of what the
 *   route accepts (the schema's input side);
 * - summaries: the comment above each exported handler.
 * Answers are described loosely (an object, or the file type a document route sends).
 *
 * Run with `node -r @swc-node/register scripts/openapi.js`:
 *   (no argument)   write openapi/nordic-parcel.openapi.json, the checked-in copy (`npm run openapi`)
 *   --out <file>    write the document there (`npm run build` ships .medusa/server/openapi.json)
 *   --check [file]  fail when a route has no entry in the checked-in document, an entry has no
 *                   route, a validator is set on a route that does not exist, the document is not
 *                   OpenAPI 3.1 in shape, or the checked-in copy differs from what the routes give
 *                   (part of `npm test`; a file given is checked instead of the
 *                   checked-in copy)
 */
const fs = require("node:fs")
const path = require("node:path")
const Module = require("node:module")

const root = path.resolve(__dirname, "..")
const apiDir = path.join(root, "src", "api")
const CHECKED_IN = path.join(root, "openapi", "nordic-parcel.openapi.json")
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"]

/**
 * Routes whose handler validates what it is sent itself, with the schema it uses: their input is
 * read from that schema. Keep this list to routes that cannot take a middleware validator.
 */
const VALIDATED_IN_HANDLER = [
  // The settings patch is validated by the plugin's module (its merge needs the current settings).
  { method: "POST", path: "/admin/nordic-parcel/settings", in: "body", file: "src/lib/settings/settings-schema.ts", name: "MerchantSettingsPatchSchema" },
  // Path parameters are checked by the handler, naming the parameter and the rule.
  { method: "GET", path: "/store/nordic-parcel/postal-codes/{country_code}/{postal_code}", in: "path", file: "src/api/validators.ts", name: "StorePostalCodeParams" },
]

// ---------------------------------------------------------------------------------------------
// Routes: files and exported methods

function routeFiles(dir = apiDir) {
  const found = []
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) found.push(...routeFiles(full))
    else if (entry.name === "route.ts" || entry.name === "route.js") found.push(full)
  }
  return found.sort()
}

/** `src/api/store/x/[id]/route.ts` → `/store/x/{id}` (OpenAPI's form; Medusa's is `:id`). */
function routePath(file) {
  const segments = path.relative(apiDir, path.dirname(file)).split(path.sep)
  return (
    "/" +
    segments
      .map((segment) => {
        if (/^\[\.\.\..+\]$/.test(segment)) throw new Error(`${file}: catch-all segments are not described`)
        const param = /^\[(.+)\]$/.exec(segment)
        return param ? `{${param[1]}}` : segment
      })
      .join("/")
  )
}

/** The HTTP methods a route file exports, from its syntax tree (nothing of it is run). */
function exportedMethods(file) {
  const { parseSync } = require("@swc/core")
  const source = fs.readFileSync(file, "utf8")
  const ast = parseSync(source, { syntax: "typescript", tsx: false, comments: false })
  const names = []
  for (const item of ast.body) {
    if (item.type === "ExportDeclaration") {
      const decl = item.declaration
      if (decl.type === "FunctionDeclaration") names.push(decl.identifier.value)
      if (decl.type === "VariableDeclaration") for (const d of decl.declarations) if (d.id.type === "Identifier") names.push(d.id.value)
    }
    if (item.type === "ExportNamedDeclaration") {
      for (const s of item.specifiers) names.push((s.exported ?? s.orig).value)
    }
  }
  return names.filter((name) => METHODS.includes(name))
}

/** The comment right above `export … GET`, as summary (first sentence) and description. */
function handlerDoc(source, method) {
  const re = new RegExp(`/\\*\\*((?:(?!\\*/)[\\s\\S])*)\\*/\\s*export\\s+(?:async\\s+)?(?:function|const|let)\\s+${method}\\b`)
  const match = re.exec(source)
  if (!match) return {}
  const text = match[1]
    .split("\n")
    .map((line) => line.replace(/^\s*\*\s?/, "").trim())
    .join(" ")
    .replace(/\s+/g, " ")
    .trim()
  // "GET /store/x `{ body }`: what it does" → "what it does"; the summary is its first sentence.
  const description = /^(GET|POST|PUT|PATCH|DELETE)\b/.test(text) ? text.slice(endOfClause(text, [": "]) + 2).trim() || text : text
  const end = endOfClause(description, [". ", "; ", ": "])
  const sentence = end < 0 ? description.replace(/[.:;]$/, "") : description.slice(0, end)
  const summary = sentence.length <= 120 ? sentence : sentence.slice(0, sentence.lastIndexOf(" ", 119)) + " …"
  return { summary, description }
}

/** Where the first of `marks` stands outside `code spans`, or -1. */
function endOfClause(text, marks) {
  let inCode = false
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "`") inCode = !inCode
    else if (!inCode && marks.some((m) => text.startsWith(m, i))) return i
  }
  return -1
}

// ---------------------------------------------------------------------------------------------
// Validators: what middlewares.ts gives Medusa for each matcher and method

/**
 * Loads src/api/middlewares.ts with Medusa's `validateAndTransformBody` / `validateAndTransformQuery`
 * wrapped so that each middleware they return carries the schema it was given.
 */
function loadMiddlewares() {
  const http = require("@medusajs/framework/http")
  const recorded = new WeakMap()
  const tagging = (kind, real) =>
    function (schema, ...rest) {
      const middleware = real.call(this, schema, ...rest)
      recorded.set(middleware, { kind, schema })
      return middleware
    }
  const wrapped = new Proxy(http, {
    get(target, key) {
      if (key === "validateAndTransformBody") return tagging("body", target.validateAndTransformBody)
      if (key === "validateAndTransformQuery") return tagging("query", target.validateAndTransformQuery)
      return target[key]
    },
  })
  const load = Module._load
  Module._load = function (request, ...rest) {
    return request === "@medusajs/framework/http" ? wrapped : load.call(this, request, ...rest)
  }
  let config
  try {
    config = require(path.join(apiDir, "middlewares.ts")).default
  } finally {
    Module._load = load
  }
  const validators = []
  for (const route of config.routes ?? []) {
    for (const middleware of route.middlewares ?? []) {
      const found = recorded.get(middleware)
      if (!found) continue
      const schema = typeof found.schema === "function" ? found.schema(require("@medusajs/framework/zod").z) : found.schema
      validators.push({ matcher: route.matcher, methods: [].concat(route.methods ?? route.method ?? METHODS), kind: found.kind, schema })
    }
  }
  return validators
}

/** Does an Express-style matcher (`/x/:id`, `/x*`, or a RegExp) match a route path? */
function matches(matcher, openapiPath) {
  const colonPath = openapiPath.replace(/\{([^}]+)\}/g, ":$1")
  if (matcher instanceof RegExp) return matcher.test(colonPath)
  const pattern = matcher
    .split(/(\*|:[A-Za-z0-9_]+)/)
    .map((part) => (part === "*" ? ".*" : part.startsWith(":") ? "[^/]+" : part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")))
    .join("")
  return new RegExp(`^${pattern}/?$`).test(colonPath)
}

// ---------------------------------------------------------------------------------------------
// JSON Schema from zod

function jsonSchema(schema, where) {
  const { z } = require("@medusajs/framework/zod")
  if (typeof z.toJSONSchema !== "function") throw new Error("@medusajs/framework/zod has no toJSONSchema (zod 4 is needed)")
  let out
  try {
    // The input side: what a client sends (before defaults, coercions and transforms).
    out = z.toJSONSchema(schema, { io: "input", unrepresentable: "any", target: "draft-2020-12" })
  } catch (error) {
    throw new Error(`${where}: zod cannot describe its validator as JSON Schema: ${error.message}`)
  }
  delete out.$schema
  return out
}

/** An object schema's properties as OpenAPI parameters. */
function parametersOf(schema, location, where) {
  const json = jsonSchema(schema, where)
  const object = json.type === "object" ? json : (json.allOf ?? json.anyOf ?? []).find((s) => s.type === "object")
  if (!object || !object.properties) throw new Error(`${where}: the ${location} validator is not an object of parameters`)
  const required = new Set(object.required ?? [])
  return Object.entries(object.properties).map(([name, property]) => {
    const { description, ...rest } = property
    return {
      name,
      in: location,
      required: location === "path" ? true : required.has(name) && !("default" in property),
      ...(description ? { description } : {}),
      schema: rest,
    }
  })
}

// ---------------------------------------------------------------------------------------------
// The document

const SECURITY = {
  store: [{ publishable_api_key: [] }],
  admin: [{ admin_bearer: [] }, { admin_session: [] }, { admin_api_key: [] }],
  hooks: [{ webhook_secret: [] }],
}

function operationId(method, openapiPath) {
  const words = openapiPath
    .split("/")
    .filter(Boolean)
    .map((segment) => {
      const param = /^\{(.+)\}$/.exec(segment)
      const name = (param ? `by_${param[1]}` : segment).split(/[-_]/).filter(Boolean)
      return name.map((w) => w[0].toUpperCase() + w.slice(1)).join("")
    })
  return method.toLowerCase() + words.join("")
}

/** The text of one exported handler (up to the next export), or the whole file when it is not found. */
function handlerSource(source, method) {
  const start = new RegExp(`^export\\s+(?:async\\s+)?(?:function|const|let)\\s+${method}\\b`, "m").exec(source)
  if (!start) return source
  const next = source.indexOf("\nexport ", start.index + 1)
  return source.slice(start.index, next < 0 ? source.length : next)
}

/** The success statuses the handler answers with (`res.status(202)`), else 200. */
function successCodes(source) {
  const codes = [...new Set([...source.matchAll(/\.status\((2\d\d)\)/g)].map((m) => m[1]))].sort()
  return codes.length ? codes : ["200"]
}

function successContent(source) {
  const content = {}
  if (/\.json\(/.test(source)) content["application/json"] = { schema: { type: "object" } }
  if (source.includes("application/pdf")) content["application/pdf"] = { schema: { type: "string", contentMediaType: "application/pdf" } }
  if (source.includes("image/png")) content["image/png"] = { schema: { type: "string", contentMediaType: "image/png" } }
  // A document (label PDF, QR code PNG, the carrier's label-printer file): its type is the carrier's.
  if (Object.keys(content).length === 0) content["*/*"] = { schema: { description: "a document: a label PDF, a QR code PNG or the carrier's label-printer file" } }
  return content
}

function routes() {
  const list = []
  for (const file of routeFiles()) {
    const relative = path.relative(root, file).split(path.sep).join("/")
    for (const method of exportedMethods(file)) list.push({ file, relative, method, path: routePath(file) })
  }
  return list
}

function generate() {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"))
  const validators = loadMiddlewares()
  const all = routes()
  const problems = []

  for (const v of validators) {
    for (const method of v.methods) {
      if (!all.some((r) => r.method === method && matches(v.matcher, r.path))) {
        problems.push(`src/api/middlewares.ts validates the ${v.kind} of ${method} ${v.matcher}, but no src/api/**/route.ts serves it`)
      }
    }
  }
  for (const h of VALIDATED_IN_HANDLER) {
    if (!all.some((r) => r.method === h.method && r.path === h.path)) problems.push(`scripts/openapi.js names ${h.method} ${h.path} (validated in its handler), but no route serves it`)
  }

  const paths = {}
  for (const route of all) {
    const source = fs.readFileSync(route.file, "utf8")
    const where = `${route.method} ${route.path} (${route.relative})`
    const area = route.path.split("/")[1]
    const parameters = []
    let requestBody

    const pathParams = [...route.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1])
    const inHandler = VALIDATED_IN_HANDLER.filter((h) => h.method === route.method && h.path === route.path)
    const handlerSchema = (h) => {
      const file = path.join(root, h.file)
      const schema = fs.existsSync(file) ? require(file)[h.name] : undefined
      if (!schema) throw new Error(`scripts/openapi.js, VALIDATED_IN_HANDLER: ${h.file} exports no ${h.name} (moved?): name where ${h.method} ${h.path}'s handler takes its schema from`)
      return schema
    }
    const pathValidator = inHandler.find((h) => h.in === "path")
    const described = pathValidator ? parametersOf(handlerSchema(pathValidator), "path", where) : []
    for (const name of pathParams) {
      parameters.push(described.find((p) => p.name === name) ?? { name, in: "path", required: true, schema: { type: "string" } })
    }

    const own = validators.filter((v) => v.methods.includes(route.method) && matches(v.matcher, route.path))
    const queries = own.filter((v) => v.kind === "query")
    const bodies = own.filter((v) => v.kind === "body")
    if (queries.length > 1 || bodies.length > 1) problems.push(`${where}: more than one ${queries.length > 1 ? "query" : "body"} validator in middlewares.ts`)
    if (queries[0]) parameters.push(...parametersOf(queries[0].schema, "query", where))
    const bodySchema = bodies[0]?.schema ?? (inHandler.find((h) => h.in === "body") ? handlerSchema(inHandler.find((h) => h.in === "body")) : undefined)
    if (bodySchema) {
      requestBody = { required: true, content: { "application/json": { schema: jsonSchema(bodySchema, where) } } }
    } else if (route.method === "POST" && area === "hooks") {
      // The carrier's callbacks are read leniently by the handler (carrier notes): any JSON object.
      requestBody = { required: true, content: { "application/json": { schema: { type: "object" } } } }
    }

    const doc = handlerDoc(source, route.method)
    const handler = handlerSource(source, route.method)
    const operation = {
      operationId: operationId(route.method, route.path),
      tags: [area],
      ...(doc.summary ? { summary: doc.summary } : {}),
      ...(doc.description && doc.description !== doc.summary ? { description: doc.description } : {}),
      "x-source": route.relative,
      security: SECURITY[area] ?? [],
      ...(parameters.length ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses: {
        ...Object.fromEntries(
          successCodes(handler).map((code) => [code, { description: "Success: the fields are described in docs/reference.md and the guides it links to.", content: successContent(handler) }])
        ),
        default: { description: "Refused: the status says why (400 names the field and the rule).", content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } },
      },
    }
    paths[route.path] ??= {}
    paths[route.path][route.method.toLowerCase()] = operation
  }

  const sortedPaths = Object.fromEntries(
    Object.keys(paths)
      .sort()
      .map((p) => [p, Object.fromEntries(METHODS.map((m) => m.toLowerCase()).filter((m) => paths[p][m]).map((m) => [m, paths[p][m]]))])
  )
  const document = {
    openapi: "3.1.0",
    info: {
      title: "medusa-plugin-nordic-parcel",
      version: pkg.version,
      description:
        "The store, admin and webhook routes the plugin adds to a Medusa store. Generated from the routes' own validators by scripts/openapi.js; the answers' fields are described in docs/reference.md.",
      license: { name: pkg.license, identifier: pkg.license },
    },
    servers: [{ url: "{store}", variables: { store: { default: "http://localhost:9000", description: "the Medusa store's address" } } }],
    tags: [
      { name: "store", description: "Store routes: the `x-publishable-api-key` header, like every Medusa store route." },
      { name: "admin", description: "Admin routes: Medusa's admin authentication." },
      { name: "hooks", description: "The carrier's callbacks, authenticated by the webhook secret header." },
    ],
    paths: sortedPaths,
    components: {
      schemas: {
        Error: { type: "object", properties: { type: { type: "string" }, message: { type: "string" } }, required: ["message"] },
      },
      securitySchemes: {
        publishable_api_key: { type: "apiKey", in: "header", name: "x-publishable-api-key" },
        admin_bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
        admin_session: { type: "apiKey", in: "cookie", name: "connect.sid" },
        admin_api_key: { type: "http", scheme: "basic", description: "A secret admin API key as the user name." },
        webhook_secret: { type: "apiKey", in: "header", name: "X-Nordic-Parcel-Secret", description: "The option webhooks.secret, in the header webhooks.headerName (this is its default name)." },
      },
    },
  }
  return { document, routes: all, problems }
}

// ---------------------------------------------------------------------------------------------
// Checks

/** The shape of an OpenAPI 3.1 document, as far as client generators rely on it (no schema validator is installed). */
function shapeProblems(doc) {
  const problems = []
  const refs = []
  const walk = (node, at) => {
    if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${at}[${i}]`))
    if (node && typeof node === "object") {
      if (typeof node.$ref === "string") refs.push([node.$ref, at])
      for (const [k, v] of Object.entries(node)) walk(v, `${at}.${k}`)
    }
  }
  walk(doc, "$")
  if (!/^3\.1\.\d+$/.test(doc.openapi ?? "")) problems.push(`openapi must be 3.1.x, is ${doc.openapi}`)
  if (typeof doc.info?.title !== "string" || typeof doc.info?.version !== "string") problems.push("info.title and info.version must be strings")
  if (!doc.paths || typeof doc.paths !== "object") problems.push("paths must be an object")
  const ids = new Set()
  for (const [p, item] of Object.entries(doc.paths ?? {})) {
    if (!p.startsWith("/")) problems.push(`path ${p} must start with /`)
    const templated = [...p.matchAll(/\{([^}]+)\}/g)].map((m) => m[1])
    for (const [method, op] of Object.entries(item)) {
      const at = `${method.toUpperCase()} ${p}`
      if (!METHODS.map((m) => m.toLowerCase()).includes(method)) problems.push(`${at}: not an HTTP method`)
      if (!op.operationId || ids.has(op.operationId)) problems.push(`${at}: operationId missing or not unique`)
      ids.add(op.operationId)
      if (!op.responses || Object.keys(op.responses).length === 0) problems.push(`${at}: no responses`)
      for (const [code, r] of Object.entries(op.responses ?? {})) {
        if (!/^([1-5](\d\d|XX)|default)$/.test(code)) problems.push(`${at}: response key ${code}`)
        if (typeof r.description !== "string") problems.push(`${at}: response ${code} has no description`)
      }
      const params = op.parameters ?? []
      for (const param of params) {
        if (!param.name || !["query", "path", "header", "cookie"].includes(param.in) || !param.schema) problems.push(`${at}: parameter ${param.name} needs name, in and schema`)
        if (param.in === "path" && (param.required !== true || !templated.includes(param.name))) problems.push(`${at}: path parameter ${param.name} must be required and in the path`)
      }
      for (const name of templated) if (!params.some((q) => q.in === "path" && q.name === name)) problems.push(`${at}: path parameter ${name} is not declared`)
      if (op.requestBody && !Object.values(op.requestBody.content ?? {}).every((c) => c.schema)) problems.push(`${at}: request body without a schema`)
      for (const requirement of op.security ?? []) {
        for (const scheme of Object.keys(requirement)) if (!doc.components?.securitySchemes?.[scheme]) problems.push(`${at}: unknown security scheme ${scheme}`)
      }
    }
  }
  for (const [ref, at] of refs) {
    if (!ref.startsWith("#/")) continue
    const target = ref.slice(2).split("/").reduce((node, key) => node?.[key.replace(/~1/g, "/").replace(/~0/g, "~")], doc)
    if (target === undefined) problems.push(`${at}: $ref ${ref} leads nowhere`)
  }
  return problems
}

function firstDifference(a, b, at = "$") {
  if (JSON.stringify(a) === JSON.stringify(b)) return null
  if (a && b && typeof a === "object" && typeof b === "object" && Array.isArray(a) === Array.isArray(b)) {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const found = firstDifference(a[key], b[key], `${at}.${key}`)
      if (found) return found
    }
  }
  return `${at}: checked in ${JSON.stringify(a)?.slice(0, 160)}, generated ${JSON.stringify(b)?.slice(0, 160)}`
}

function check(checkedInFile = CHECKED_IN) {
  const { document, routes: all, problems } = generate()
  const name = path.relative(root, checkedInFile)
  if (!fs.existsSync(checkedInFile)) {
    problems.push(`${name} is missing: run npm run openapi`)
  } else {
    const checkedIn = JSON.parse(fs.readFileSync(checkedInFile, "utf8"))
    for (const route of all) {
      if (!checkedIn.paths?.[route.path]?.[route.method.toLowerCase()]) {
        problems.push(`route ${route.method} ${route.path} (${route.relative}) has no entry in ${name}`)
      }
    }
    for (const [p, item] of Object.entries(checkedIn.paths ?? {})) {
      for (const method of Object.keys(item)) {
        if (!all.some((r) => r.path === p && r.method.toLowerCase() === method)) {
          problems.push(`entry ${method.toUpperCase()} ${p} in ${name} has no route (no src/api/**/route.ts exports ${method.toUpperCase()} there)`)
        }
      }
    }
    problems.push(...shapeProblems(checkedIn).map((p) => `${name}: ${p}`))
    const difference = firstDifference(checkedIn, document)
    if (difference) problems.push(`${name} differs from what the routes and their validators give (run npm run openapi): ${difference}`)
  }
  problems.push(...shapeProblems(document).map((p) => `generated document: ${p}`))
  if (problems.length) {
    process.stderr.write(`OpenAPI check failed:\n${problems.map((p) => `  - ${p}`).join("\n")}\n`)
    return false
  }
  const operations = Object.values(document.paths).reduce((n, item) => n + Object.keys(item).length, 0)
  process.stdout.write(`OpenAPI check: ${operations} operations on ${Object.keys(document.paths).length} paths, one per route and method; ${name} is current\n`)
  return true
}

function write(file) {
  const { document, problems } = generate()
  const shape = shapeProblems(document)
  if (problems.length || shape.length) {
    process.stderr.write(`OpenAPI document not written:\n${[...problems, ...shape].map((p) => `  - ${p}`).join("\n")}\n`)
    return false
  }
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, JSON.stringify(document, null, 2) + "\n")
  process.stdout.write(`wrote ${path.relative(root, file)}\n`)
  return true
}

if (require.main === module) {
  const args = process.argv.slice(2)
  let ok
  try {
    if (args[0] === "--check") ok = check(args[1] ? path.resolve(args[1]) : undefined)
    else if (args[0] === "--out") ok = write(path.resolve(root, args[1]))
    else ok = write(CHECKED_IN)
  } catch (error) {
    process.stderr.write(`OpenAPI document cannot be generated: ${error.message}\n`)
    ok = false
  }
  // Loading the middlewares starts nothing that must finish: exit rather than wait on their timers.
  process.exit(ok ? 0 : 1)
}

module.exports = { generate, shapeProblems, matches, routePath }
