#!/usr/bin/env node
/*
 * Writes Medusa's generated types (.medusa/types: the query entry points and module container
 * types) the way `medusa develop` and `medusa build` write them for this repository's
 * medusa-config.ts, without a database and without building or starting anything. CI runs it
 * before `npm run build` so the plugin is shown to compile against those types as well as without
 * them (a contributor who ran `npm run demo` has them).
 */
const { initializeContainer } = require("@medusajs/medusa/loaders/index")
const { generateTypes } = require("@medusajs/medusa/commands/utils/generate-types")
const { ContainerRegistrationKeys } = require("@medusajs/framework/utils")

async function main() {
  const directory = process.cwd()
  const container = await initializeContainer(directory, { skipDbConnection: true, throwOnValidationError: false })
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  await generateTypes({ directory, container, logger })
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error)
    process.exit(1)
  }
)
