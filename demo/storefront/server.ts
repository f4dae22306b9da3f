import fs from "node:fs"
import http from "node:http"
import path from "node:path"
import * as esbuild from "esbuild"

/**
 * Serves the storefront test page (demo/storefront/app.tsx) for `npm run demo` and the browser
 * test: the page is bundled with esbuild, React and js-sdk included, and the storefront export
 * taken from the plugin's sources under its published name.
 */
export type StorefrontPageConfig = {
  backendUrl: string
  publishableKey: string
  regionId: string
  salesChannelId: string
  variantId: string
}

export type StorefrontPage = { url: string; close(): Promise<void> }

const ROOT = path.resolve(__dirname, "..", "..")

export async function bundleStorefrontPage(): Promise<string> {
  const result = await esbuild.build({
    entryPoints: [path.join(__dirname, "app.tsx")],
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2020",
    jsx: "automatic",
    write: false,
    minify: true,
    define: { "process.env.NODE_ENV": '"production"' },
    alias: { "medusa-plugin-nordic-parcel/storefront": path.join(ROOT, "src", "storefront", "index.ts") },
    logLevel: "error",
  })
  return result.outputFiles[0].text
}

export async function startStorefrontPage(options: { port: number; config: StorefrontPageConfig }): Promise<StorefrontPage> {
  const script = await bundleStorefrontPage()
  const html = fs.readFileSync(path.join(__dirname, "index.html"), "utf8")
  const files: Record<string, { type: string; body: string }> = {
    "/": { type: "text/html; charset=utf-8", body: html },
    "/app.js": { type: "text/javascript; charset=utf-8", body: script },
    "/config.js": { type: "text/javascript; charset=utf-8", body: `window.NP_STORE = ${JSON.stringify(options.config)};\n` },
  }
  const server = http.createServer((req, res) => {
    const file = files[new URL(req.url ?? "/", "http://page").pathname]
    if (!file || req.method !== "GET") {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found")
      return
    }
    res.writeHead(200, { "content-type": file.type, "cache-control": "no-store" }).end(file.body)
  })
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    // All interfaces, IPv4 and IPv6: "localhost" works whichever address it resolves to.
    server.listen(options.port, () => resolve())
  })
  return {
    url: `http://localhost:${options.port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        // A browser keeps its connections open: end them, or close() would wait for them.
        server.closeAllConnections()
      }),
  }
}
