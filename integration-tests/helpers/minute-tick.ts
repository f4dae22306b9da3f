/**
 * The store's scheduled jobs run at the start of every minute ("* * * * *"): the resume job takes
 * up a bulk run whose lease lapsed, the tracking job applies stored events not yet applied. A test
 * that leaves such work for a moment on purpose (to hand it to a worker of its own, or to read it
 * before applying it itself) runs that stretch clear of the tick, or the job does it in between.
 */

/** Returns once the next minute's tick is at least `clearMs` away; late in a minute it waits until just past the tick. */
export async function clearOfTheMinuteTick(clearMs: number): Promise<void> {
  const now = new Date()
  const untilTickMs = 60_000 - (now.getSeconds() * 1000 + now.getMilliseconds())
  if (untilTickMs >= clearMs) return
  await new Promise((resolve) => setTimeout(resolve, untilTickMs + 2_000))
}
