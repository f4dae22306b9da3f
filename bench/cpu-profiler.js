/**
 * Preloaded into the benchmark's Medusa instances (NODE_OPTIONS=--require, bench:booking only):
 * SIGUSR2 starts a CPU profile (V8's sampling profiler through node:inspector) and a per-500 ms
 * record of the process's CPU time and longest event-loop delay; the second SIGUSR2 writes both to
 * NP_CPU_PROFILE_DIR/<pid>.cpuprofile and <pid>.timeline.json. Nothing of it is in the plugin.
 */
const fs = require("node:fs")
const path = require("node:path")
const inspector = require("node:inspector")
const { monitorEventLoopDelay } = require("node:perf_hooks")

const dir = process.env.NP_CPU_PROFILE_DIR
if (dir) {
  const session = new inspector.Session()
  session.connect()
  const post = (method, params = {}) =>
    new Promise((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))))
  let timeline = null
  let sampler = null
  let delay = null
  process.on("SIGUSR2", () => {
    if (!timeline) {
      timeline = []
      delay = monitorEventLoopDelay({ resolution: 10 })
      delay.enable()
      let cpu = process.cpuUsage()
      sampler = setInterval(() => {
        const used = process.cpuUsage(cpu)
        cpu = process.cpuUsage()
        timeline.push({ at: Date.now(), cpu_ms: Math.round((used.user + used.system) / 1000), max_loop_delay_ms: Math.round(delay.max / 1e6) })
        delay.reset()
      }, 500)
      void post("Profiler.enable")
        .then(() => post("Profiler.setSamplingInterval", { interval: 1000 }))
        .then(() => post("Profiler.start"))
      return
    }
    clearInterval(sampler)
    delay.disable()
    const record = timeline
    timeline = null
    void post("Profiler.stop").then(({ profile }) => {
      fs.writeFileSync(path.join(dir, `${process.pid}.cpuprofile`), JSON.stringify(profile))
      fs.writeFileSync(path.join(dir, `${process.pid}.timeline.json`), JSON.stringify(record))
    })
  })
}
