import { chromium, type Browser, type Page } from "playwright-core"
import type { DemoStore } from "./demo-store"

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"

/** Debian's Chromium driven by playwright-core (no browser download), headless. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
  })
}

/** A page logged in to the store's admin as its demo admin. */
export async function adminPage(browser: Browser, store: DemoStore, locale = "en-US"): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 }, locale })
  const page = await context.newPage()
  page.setDefaultTimeout(60_000)
  // The first visit compiles the admin: allow it time.
  await page.goto(`${store.url}/app/login`, { timeout: 600_000 })
  await page.locator('input[name="email"]').fill(store.seed.admin.email)
  await page.locator('input[name="password"]').fill(store.seed.admin.password)
  await page.locator('button[type="submit"]').click()
  await page.waitForURL((url) => !url.pathname.includes("/login"), { timeout: 90_000 })
  return page
}

/**
 * The dashboard scrolls inside its own container, so a full-page screenshot shows one screen: a
 * viewport as tall as the content shows all of it.
 */
/** Screenshots the whole page (up to 8 000 px) and returns the page's height in px. */
export async function screenshotWhole(page: Page, file: string): Promise<number> {
  const height = await page.evaluate(() => Math.max(...[...document.querySelectorAll("*")].map((el) => el.scrollHeight)))
  const viewport = page.viewportSize()!
  await page.setViewportSize({ width: viewport.width, height: Math.min(Math.max(height, viewport.height), 8000) })
  await page.screenshot({ path: file })
  await page.setViewportSize(viewport)
  return height
}
