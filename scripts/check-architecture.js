#!/usr/bin/env node
/**
 * Keeps ARCHITECTURE.md true (run by `npm test` before the type-check; `node scripts/check-architecture.js`).
 * Fails, naming each problem, when:
 * - a file or folder the map names in backticks does not exist. A backticked word is taken for a path
 *   when it has no space and either holds a `/` (not at its start: `/store/...` is a route) or ends in a
 *   file extension. It may be written from the repository's root (`src/lib/options.ts`), from `src/`
 *   (`lib/options.ts`), or as a bare file name (`booking-ledger.ts`: some file of that name exists);
 *   `…` and `*` stand for any text and are not checked;
 * - a folder directly under `src/` is not named as `src/<folder>/` in the "Code map" section;
 * - the map is over 1,500 words (counted as `wc -w` does) or a line is over 400 characters.
 * `node scripts/check-architecture.js OTHER.md` checks another file by the same rules.
 */
const fs = require("node:fs")
const path = require("node:path")

const root = path.resolve(__dirname, "..")
const mapFile = path.resolve(root, process.argv[2] ?? "ARCHITECTURE.md")
const MAX_WORDS = 1500
const MAX_LINE = 400
const IGNORED_DIRS = new Set(["node_modules", ".git", ".medusa", ".cache"])

const text = fs.readFileSync(mapFile, "utf8")
const problems = []

// Length.
const words = text.split(/\s+/).filter(Boolean).length
if (words > MAX_WORDS) problems.push(`${words} words: at most ${MAX_WORDS}`)
text.split("\n").forEach((line, index) => {
  if (line.length > MAX_LINE) problems.push(`line ${index + 1} has ${line.length} characters: at most ${MAX_LINE}`)
})

// Every file name of the repository, for bare names (`booking-ledger.ts`).
function fileNames(dir, names = new Set()) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (IGNORED_DIRS.has(entry.name)) continue
    if (entry.isDirectory()) fileNames(path.join(dir, entry.name), names)
    else names.add(entry.name)
  }
  return names
}
let names
const exists = (relative) => fs.existsSync(path.join(root, relative)) || fs.existsSync(path.join(root, "src", relative))

function isPath(word) {
  if (/\s/.test(word) || word.startsWith("/") || /[…*]/.test(word) || /^[a-z]+:\/\//i.test(word)) return false
  if (word.includes("/")) return /^[\w.@[\]-]+(\/[\w.@[\]-]*)+$/.test(word)
  return /^[\w.[\]-]+\.(ts|tsx|js|mjs|cjs|json|md|yml|yaml|sh)$/.test(word)
}

// Inline code spans, outside fenced blocks.
const spans = []
let fenced = false
text.split("\n").forEach((line, index) => {
  if (line.trimStart().startsWith("```")) {
    fenced = !fenced
    return
  }
  if (fenced) return
  for (const match of line.matchAll(/`([^`]+)`/g)) spans.push({ word: match[1].trim(), line: index + 1 })
})
for (const { word, line } of spans) {
  if (!isPath(word)) continue
  const found = word.includes("/") ? exists(word) : (names ??= fileNames(root)).has(word)
  if (!found) problems.push(`line ${line}: \`${word}\` does not exist`)
}

// Every folder under src/ is in the code map.
const codeMap = /^## Code map\n([\s\S]*?)(?=^## )/m.exec(text + "\n## end\n")
if (!codeMap) {
  problems.push(`no "## Code map" section`)
} else {
  const mapped = new Set([...codeMap[1].matchAll(/`src\/([^/`]+)\/[^`]*`/g)].map((m) => m[1]))
  for (const entry of fs.readdirSync(path.join(root, "src"), { withFileTypes: true })) {
    if (entry.isDirectory() && !mapped.has(entry.name)) problems.push(`src/${entry.name}/ is not in the code map`)
  }
}

const shown = path.relative(root, mapFile)
if (problems.length) {
  process.stderr.write(`${shown} is not true of the tree:\n${problems.map((p) => `  - ${p}`).join("\n")}\n`)
  process.exit(1)
}
process.stdout.write(`${shown}: ${spans.filter((s) => isPath(s.word)).length} paths exist, every folder of src/ is mapped, ${words} words\n`)
