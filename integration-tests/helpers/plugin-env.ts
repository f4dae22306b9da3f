/**
 * Environment variables medusa-config.ts reads for the plugin's options (e.g. NP_ORDER_ACCESS_SECRET),
 * set for one spec. The runner's own `env` is applied after it has read medusa-config, so it cannot
 * change the options. Call it at the top level, before medusaIntegrationTestRunner (top-level hooks
 * run before the runner's); the previous values come back after the spec, so the next spec file of
 * a --runInBand run reads its own configuration.
 */
export function usePluginEnv(vars: Record<string, string>): void {
  const previous: Record<string, string | undefined> = {}
  beforeAll(() => {
    for (const [name, value] of Object.entries(vars)) {
      previous[name] = process.env[name]
      process.env[name] = value
    }
  })
  afterAll(() => {
    for (const name of Object.keys(vars)) {
      if (previous[name] === undefined) delete process.env[name]
      else process.env[name] = previous[name]
    }
  })
}
