import { spawn, type ChildProcess } from "node:child_process"
import fs from "node:fs"
import net from "node:net"

/**
 * Child processes of the demo. Each runs in a process group of its own (detached), so a Ctrl-C in
 * the terminal reaches only the demo, which then ends each group by its id: nothing is left behind,
 * and nothing but the demo's own processes is ever signalled.
 */

export type Child = {
  name: string
  process: ChildProcess
  /** Resolves with the exit code (a signal counts as 1) once the process has exited. */
  exited: Promise<number>
}

export function startChild(
  name: string,
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; onOutput: (chunk: string) => void }
): Child {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  })
  child.stdout?.setEncoding("utf8").on("data", options.onOutput)
  child.stderr?.setEncoding("utf8").on("data", options.onOutput)
  const exited = new Promise<number>((resolve) => {
    child.once("error", () => resolve(1))
    child.once("exit", (code) => resolve(code ?? 1))
  })
  return { name, process: child, exited }
}

/** Whether any process of the group is still there. */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"
  }
}

export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"
  }
}

/** SIGTERM to the whole group, SIGKILL to what is left after `graceMs`; resolves when the group is gone. */
export async function stopGroup(pgid: number, graceMs = 10_000): Promise<void> {
  if (!groupAlive(pgid)) return
  signalGroup(pgid, "SIGTERM")
  const deadline = Date.now() + graceMs
  while (groupAlive(pgid) && Date.now() < deadline) {
    await sleep(100)
  }
  if (groupAlive(pgid)) {
    signalGroup(pgid, "SIGKILL")
    const killDeadline = Date.now() + 5_000
    while (groupAlive(pgid) && Date.now() < killDeadline) {
      await sleep(50)
    }
  }
}

function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal)
  } catch {
    // already gone
  }
}

export function commandLineOf(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ")
  } catch {
    return ""
  }
}

/** Command lines of the processes in a process group (Linux /proc; empty elsewhere). */
export function groupCommandLines(pgid: number): string[] {
  let pids: string[]
  try {
    pids = fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name))
  } catch {
    return []
  }
  const lines: string[] = []
  for (const pid of pids) {
    try {
      // /proc/<pid>/stat: "pid (comm) state ppid pgrp …"; comm may hold spaces, so read after its ")".
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8")
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
      if (Number(fields[2]) === pgid) lines.push(commandLineOf(Number(pid)))
    } catch {
      // gone meanwhile
    }
  }
  return lines
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/** Whether nothing listens on the port (IPv4 and IPv6). */
export function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer()
    server.once("error", () => resolve(false))
    server.listen({ port }, () => server.close(() => resolve(true)))
  })
}

/** Polls `url` until it answers 2xx; fails early when `stop()` says so. */
export async function waitForHttp(
  url: string,
  { timeoutMs, stop }: { timeoutMs: number; stop?: () => string | undefined }
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const reason = stop?.()
    if (reason) throw new Error(reason)
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) })
      await res.arrayBuffer()
      if (res.ok) return
    } catch {
      // not listening yet
    }
    await sleep(250)
  }
  throw new Error(`${url} did not answer within ${Math.round(timeoutMs / 1000)} s`)
}
