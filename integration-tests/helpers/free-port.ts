/**
 * A TCP port for a server that starts later (a Medusa app, a child process): chosen below the
 * range the OS gives outgoing connections, so nothing takes it in between.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const database = require("../../scripts/database") as { freePort(): Promise<number> }

export const freePort = (): Promise<number> => database.freePort()
