#!/usr/bin/env bash
# Rewrites package-lock.json from package.json the way a fresh clone resolves it, so that
# `npm ci` accepts it and `npm install` leaves it unchanged on every machine.
#
# Why not a plain `npm install`: with a node_modules folder present, npm writes the lock from the
# installed tree, which holds only this platform's builds of optional packages (swc, rollup,
# msgpackr, esbuild…). `npm ci` then finds the other platforms' entries missing and refuses the
# lock, and `npm install` in a fresh clone adds them back (a dirty tree). Resolving in an empty
# folder from the current lock (versions stay pinned) lists every platform's entry.
#
#   npm run lock          (after changing dependencies in package.json)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp "$root/package.json" "$work/"
[ -f "$root/package-lock.json" ] && cp "$root/package-lock.json" "$work/"
[ -f "$root/.npmrc" ] && cp "$root/.npmrc" "$work/"
(cd "$work" && npm install --package-lock-only --ignore-scripts --no-audit --no-fund --loglevel=error)
cp "$work/package-lock.json" "$root/package-lock.json"
echo "package-lock.json rewritten; check it with: npm ci --dry-run"
