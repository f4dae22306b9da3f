import type { SandboxClock } from "./types"

type Task = { at: number; run: () => Promise<void>; timer?: NodeJS.Timeout }

/**
 * The sandbox's notion of "now", plus the work scheduled against it (callback retries).
 *
 * - manual: time stands still until `advance(ms)`, which steps through the due tasks in time order,
 *   setting "now" to each task's time before running it, so a retry logged at +30 min says exactly
 *   that. Tests get deterministic schedules without waiting.
 * - real: wall-clock time (plus whatever `advance` added); tasks also fire on their own timers.
 */
export class Clock implements SandboxClock {
  private offsetMs = 0
  private tasks: Task[] = []

  constructor(
    readonly mode: "manual" | "real",
    private readonly manualStart: number = Date.now()
  ) {}

  now(): Date {
    const base = this.mode === "manual" ? this.manualStart : Date.now()
    return new Date(base + this.offsetMs)
  }

  /** Runs `run` once the clock reaches `at`. `run` must handle its own errors. */
  schedule(at: Date, run: () => Promise<void>): void {
    const task: Task = { at: at.getTime(), run }
    if (this.mode === "real") this.arm(task)
    this.tasks.push(task)
  }

  async advance(ms: number): Promise<void> {
    const target = this.now().getTime() + ms
    for (let task = this.nextDue(target); task; task = this.nextDue(target)) {
      this.remove(task)
      clearTimeout(task.timer)
      this.moveTo(task.at)
      await task.run()
    }
    this.moveTo(target)
  }

  /** Forgets every scheduled task (close). */
  cancelAll(): void {
    for (const task of this.tasks) clearTimeout(task.timer)
    this.tasks = []
  }

  /** Forgets scheduled tasks and undoes every `advance`, so each test starts at the same time. */
  reset(): void {
    this.cancelAll()
    this.offsetMs = 0
  }

  /** Timers may fire a millisecond before the wall clock agrees; such a task waits a little longer. */
  private arm(task: Task): void {
    task.timer = setTimeout(() => {
      if (this.now().getTime() < task.at) return this.arm(task)
      this.remove(task)
      void task.run()
    }, Math.max(0, task.at - this.now().getTime()))
  }

  private nextDue(target: number): Task | undefined {
    let next: Task | undefined
    for (const task of this.tasks) {
      if (task.at <= target && (!next || task.at < next.at)) next = task
    }
    return next
  }

  private moveTo(time: number): void {
    this.offsetMs += Math.max(0, time - this.now().getTime())
  }

  private remove(task: Task): void {
    this.tasks = this.tasks.filter((t) => t !== task)
  }
}
