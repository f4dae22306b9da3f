/*
 * Splits V8 CPU profiles by code: for bench:webhooks by intake stage in the test process; for
 * bench:booking the plugin against the rest in the instances (profiled through the preload
 * bench/cpu-profiler.js).
 */
import fs from "node:fs"
import path from "node:path"

/** V8's CPU profile (node:inspector Profiler.stop) as far as this summary reads it. */
export type CpuProfile = {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[]
  samples: number[]
  timeDeltas: number[]
}

export type CpuShare = {
  /** CPU time sampled, idle excluded (ms). */
  total_ms: number
  /** Samples whose running function is the plugin's own code (mapping, ledger, packing, clients). */
  plugin_self_ms: number
  /** Samples with a plugin function anywhere on the stack: its own code and what it calls synchronously (ORM, drivers, pdf-lib). */
  plugin_inclusive_ms: number
  garbage_collector_ms: number
  /** The plugin's functions that took the most CPU themselves. */
  plugin_top: { function: string; ms: number }[]
}

/**
 * Splits a CPU profile of a Medusa instance between the plugin (a function whose file lies in
 * this repository outside node_modules) and everything else (Medusa's workflows and modules, the
 * ORM, the HTTP server, Node). Only synchronous stacks are sampled: the ORM's parsing of an answer
 * the plugin awaited is not under a plugin frame, so `plugin_inclusive_ms` is a lower bound.
 */
export function cpuShare(profile: CpuProfile, root: string): CpuShare {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const parent = new Map<number, number>()
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id)
  const isPlugin = (url: string) => url.includes(root) && !url.includes("/node_modules/")
  const underPlugin = new Map<number, boolean>()
  const hasPluginFrame = (id: number): boolean => {
    const known = underPlugin.get(id)
    if (known !== undefined) return known
    const node = byId.get(id)!
    const up = parent.get(id)
    const result = isPlugin(node.callFrame.url) || (up !== undefined && hasPluginFrame(up))
    underPlugin.set(id, result)
    return result
  }
  const share = { total: 0, self: 0, inclusive: 0, gc: 0 }
  const perFunction = new Map<string, number>()
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame
    if (functionName === "(idle)") return
    share.total += ms
    if (functionName === "(garbage collector)") share.gc += ms
    if (isPlugin(url)) {
      share.self += ms
      const name = `${functionName || "(anonymous)"} ${path.relative(root, url.replace(/^file:\/\//, ""))}:${lineNumber + 1}`
      perFunction.set(name, (perFunction.get(name) ?? 0) + ms)
    }
    if (hasPluginFrame(id)) share.inclusive += ms
  })
  return {
    total_ms: Math.round(share.total),
    plugin_self_ms: Math.round(share.self),
    plugin_inclusive_ms: Math.round(share.inclusive),
    garbage_collector_ms: Math.round(share.gc),
    plugin_top: [...perFunction.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([name, ms]) => ({ function: name, ms: Math.round(ms) })),
  }
}

/** Every profile the preloaded profiler (bench/cpu-profiler.js) wrote into `dir`, with its timeline. */
export function readProfiles(dir: string): { pid: string; profile: CpuProfile; timeline: { at: number; cpu_ms: number; max_loop_delay_ms: number }[] }[] {
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith(".cpuprofile"))
    .map((file) => {
      const pid = file.replace(/\.cpuprofile$/, "")
      const timelineFile = path.join(dir, `${pid}.timeline.json`)
      return {
        pid,
        profile: JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as CpuProfile,
        timeline: fs.existsSync(timelineFile) ? JSON.parse(fs.readFileSync(timelineFile, "utf8")) : [],
      }
    })
}

/** A share of CPU time: a sample counts for the first category with a frame of its stack that matches. */
export type CpuCategory = { name: string; matches: (frame: { functionName: string; url: string }) => boolean }

/** CPU time (ms, idle excluded) of a profile by category; what no category matches is `other`. */
export function cpuByCategory(profile: CpuProfile, categories: CpuCategory[]): Record<string, number> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const parent = new Map<number, number>()
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id)
  const categoryOf = new Map<number, string>()
  const categorise = (id: number): string => {
    const known = categoryOf.get(id)
    if (known) return known
    const frames: { functionName: string; url: string }[] = []
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) frames.push(byId.get(at)!.callFrame)
    const name = categories.find((category) => frames.some(category.matches))?.name ?? "other"
    categoryOf.set(id, name)
    return name
  }
  const totals: Record<string, number> = Object.fromEntries([...categories.map((c) => [c.name, 0]), ["other", 0]])
  profile.samples.forEach((id, i) => {
    if (byId.get(id)!.callFrame.functionName === "(idle)") return
    const name = categorise(id)
    totals[name] += (profile.timeDeltas[i] ?? 0) / 1000
  })
  return totals
}
