import { startSandbox, type Sandbox, type SandboxOptions } from "../../sandbox"

/**
 * Starts the carrier sandbox before Medusa boots and points the plugin at it. Call it at the top
 * level of a spec, before medusaIntegrationTestRunner: top-level hooks run before the runner's,
 * and the runner reads medusa-config.ts (which reads NP_BASE_URL) in its own beforeAll.
 */
export function useSandbox(options?: SandboxOptions): () => Sandbox {
  let sandbox: Sandbox | undefined
  beforeAll(async () => {
    sandbox = await startSandbox(options)
    process.env.NP_BASE_URL = sandbox.url
    process.env.NP_API_UID = sandbox.credentials.apiUid
    process.env.NP_API_KEY = sandbox.credentials.apiKey
  })
  afterAll(async () => {
    await sandbox?.close()
  })
  return () => {
    if (!sandbox) {
      throw new Error("the sandbox starts in beforeAll; use it inside a test or hook")
    }
    return sandbox
  }
}
