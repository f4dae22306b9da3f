import { DEMO_CREDENTIALS, startSandbox } from "./index"

/**
 * `npm run sandbox`: the carrier sandbox for demos and manual testing, on PORT (default 4010)
 * with the real clock, so callback retries happen on their own (at the carrier's real intervals
 * unless SANDBOX_RETRY_SCALE shrinks them, e.g. 0.001).
 */
async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 4010)
  const sandbox = await startSandbox({
    port,
    host: process.env.HOST ?? "127.0.0.1",
    clock: "real",
    retryScale: Number(process.env.SANDBOX_RETRY_SCALE ?? 1),
    log: (line) => console.log(`[sandbox] ${line}`),
  })
  console.log(`Carrier sandbox listening on ${sandbox.url}`)
  console.log(`  X-Portal-API-Uid: ${DEMO_CREDENTIALS.apiUid}`)
  console.log(`  X-Portal-API-Key: ${DEMO_CREDENTIALS.apiKey}`)
  console.log("  Test customer numbers: 5 (parcels Norway), 6 (parcels Nordic/cross-border), 7 (cargo Norway)")

  const stop = (signal: NodeJS.Signals) => {
    console.log(`Received ${signal}, stopping the sandbox`)
    sandbox.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error)
        process.exit(1)
      }
    )
  }
  process.once("SIGINT", stop)
  process.once("SIGTERM", stop)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
