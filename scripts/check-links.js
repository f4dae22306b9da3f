#!/usr/bin/env node
/**
 * Links hold: every relative link and anchor in README.md, ARCHITECTURE.md, CHANGELOG.md and
 * docs/*.md leads somewhere. A link to a file or folder needs it to exist; an anchor (`#slug`, in
 * the same document or another Markdown file) needs a heading with that GitHub slug or an HTML
 * anchor (`<a id>` / `<a name>`) there. Links to the web (http, https, mailto) are not followed.
 * Text in code blocks and code spans is not read as links. Part of `npm test`; prints each broken
 * link with its file and line, and exits 1 when there is one.
 *
 * `node scripts/check-links.js [file.md …]` checks the files given instead (the test of this check
 * gives it a broken document).
 */
const fs = require("node:fs")
const path = require("node:path")

const root = path.resolve(__dirname, "..")

function defaultFiles() {
  const docs = fs.existsSync(path.join(root, "docs"))
    ? fs.readdirSync(path.join(root, "docs")).filter((f) => f.endsWith(".md")).map((f) => path.join("docs", f))
    : []
  return ["README.md", "ARCHITECTURE.md", "CHANGELOG.md", ...docs.sort()].map((f) => path.join(root, f))
}

/** Lines of a Markdown file with fenced code blocks blanked and code spans replaced, numbered as in the file. */
function proseLines(text) {
  let fence = null
  return text.split("\n").map((line) => {
    const opener = /^\s{0,3}(```+|~~~+)/.exec(line)
    if (fence) {
      if (opener && opener[1][0] === fence[0] && opener[1].length >= fence.length) fence = null
      return ""
    }
    if (opener) {
      fence = opener[1]
      return ""
    }
    return line.replace(/(`+)(?:(?!\1).)+?\1/g, "code")
  })
}

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens; repeats get -1, -2, … */
function slugger() {
  const seen = new Map()
  return (heading) => {
    const text = heading
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/<[^>]+>/g, "")
      .replace(/`/g, "")
      .trim()
      .toLowerCase()
    const base = text.replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, "").replace(/ /g, "-")
    const count = seen.get(base) ?? 0
    seen.set(base, count + 1)
    return count === 0 ? base : `${base}-${count}`
  }
}

const anchorCache = new Map()
/** Every anchor a Markdown file offers: its headings' slugs and its HTML anchors. */
function anchorsOf(file) {
  if (anchorCache.has(file)) return anchorCache.get(file)
  const text = fs.readFileSync(file, "utf8")
  const slug = slugger()
  const anchors = new Set()
  let fence = null
  for (const raw of text.split("\n")) {
    const opener = /^\s{0,3}(```+|~~~+)/.exec(raw)
    if (fence) {
      if (opener && opener[1][0] === fence[0] && opener[1].length >= fence.length) fence = null
      continue
    }
    if (opener) {
      fence = opener[1]
      continue
    }
    const heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(raw)
    if (heading) anchors.add(slug(heading[1]))
    for (const m of raw.matchAll(/<a\s+(?:[^>]*\s)?(?:id|name)="([^"]+)"/g)) anchors.add(m[1])
  }
  anchorCache.set(file, anchors)
  return anchors
}

/** Inline links and images `[text](target)`, and reference definitions `[label]: target`. */
function linksOf(file) {
  const links = []
  proseLines(fs.readFileSync(file, "utf8")).forEach((line, index) => {
    for (const m of line.matchAll(/!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]*)>?(?:\s+["'(][^)]*)?\)/g)) links.push({ line: index + 1, target: m[1] })
    const definition = /^\s{0,3}\[[^\]]+\]:\s+<?(\S+?)>?(\s|$)/.exec(line)
    if (definition) links.push({ line: index + 1, target: definition[1] })
    for (const m of line.matchAll(/<a\s+(?:[^>]*\s)?href="([^"]+)"/g)) links.push({ line: index + 1, target: m[1] })
  })
  return links
}

function check(files) {
  const broken = []
  let count = 0
  for (const file of files) {
    const name = path.relative(root, file)
    for (const { line, target } of linksOf(file)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("//")) continue // the web, mailto
      count++
      const [rawPath, anchor] = target.split("#", 2)
      let pathPart
      try {
        pathPart = decodeURIComponent(rawPath)
      } catch {
        pathPart = rawPath
      }
      const resolved = pathPart ? path.resolve(path.dirname(file), pathPart) : file
      if (pathPart && !fs.existsSync(resolved)) {
        broken.push(`${name}:${line}: ${target}: ${path.relative(root, resolved)} does not exist`)
        continue
      }
      if (anchor === undefined || anchor === "") continue
      if (/^L\d+(-L\d+)?$/.test(anchor) && !resolved.endsWith(".md")) continue // a line of a source file
      if (!resolved.endsWith(".md") || fs.statSync(resolved).isDirectory()) {
        broken.push(`${name}:${line}: ${target}: #${anchor} points into ${path.relative(root, resolved)}, which has no headings`)
        continue
      }
      if (!anchorsOf(resolved).has(decodeURIComponent(anchor).toLowerCase()) && !anchorsOf(resolved).has(anchor)) {
        broken.push(`${name}:${line}: ${target}: no heading or anchor "#${anchor}" in ${path.relative(root, resolved)}`)
      }
    }
  }
  return { broken, count }
}

if (require.main === module) {
  const given = process.argv.slice(2).map((f) => path.resolve(f))
  const files = given.length ? given : defaultFiles()
  const { broken, count } = check(files)
  if (broken.length) {
    process.stderr.write(`Broken links (${broken.length} of ${count} relative links):\n${broken.map((b) => `  ${b}`).join("\n")}\n`)
    process.exit(1)
  }
  process.stdout.write(`Links hold: ${count} relative links and anchors in ${files.length} documents\n`)
}

module.exports = { check, slugger, anchorsOf, linksOf }
