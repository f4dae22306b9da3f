#!/usr/bin/env bash
# Re-checks docs/storefront.md on medusajs/dtc-starter, as its reader would follow it with npm:
# the plugin packed, the guide's steps 2-7 applied (apply-guide.js), `npm install` of the tarball
# in apps/storefront, `tsc --noEmit`, `next build`, `next start`, then a shopper's real path in
# Chromium (drive-return.js): sign up, checkout, the merchant fulfils, the return from the
# account's order list. Not part of `npm test`: it needs the npm registry and takes 15-30 minutes.
#
# Needs a running demo store (`npm run demo` in another terminal; its STORE_CORS admits the
# starter on :8000). Usage, from the repository root:
#   e2e/starter/check-guide.sh [dtc-starter git URL or path] [work folder]
# Environment: STORE_URL (default http://localhost:9000), PUBLISHABLE_KEY (default: read from
# .data/demo-store.json, or $DEMO_DATA_DIR/demo-store.json), STARTER_PORT (default 8000).
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
SOURCE="${1:-https://github.com/medusajs/dtc-starter}"
WORK="${2:-$(mktemp -d)}"
STORE_URL="${STORE_URL:-http://localhost:9000}"
STARTER_PORT="${STARTER_PORT:-8000}"
if [ -z "${PUBLISHABLE_KEY:-}" ]; then
  PUBLISHABLE_KEY="$(node -e 'console.log(require(process.argv[1]).publishableKey)' "${DEMO_DATA_DIR:-$ROOT/.data}/demo-store.json")"
fi
step() { printf '\n== %s (%s)\n' "$1" "$(date -u +%H:%M:%S)"; }

step "dtc-starter"
STARTER="$WORK/dtc-starter"
[ -d "$STARTER" ] || git clone --quiet --depth 1 "$SOURCE" "$STARTER" 2>/dev/null || git clone --quiet "$SOURCE" "$STARTER"
git -C "$STARTER" log -1 --format='commit %H (%cd)'

step "the plugin's tarball (npm run build, npm pack)"
mkdir -p "$STARTER/vendor"
rm -f "$STARTER"/vendor/medusa-plugin-nordic-parcel-*.tgz
(cd "$ROOT" && npm run --silent build >/dev/null && npm pack --silent --ignore-scripts --pack-destination "$STARTER/vendor")

step "the guide's steps 2-7"
node "$ROOT/e2e/starter/apply-guide.js" "$STARTER"

cd "$STARTER/apps/storefront"
step "npm install ../../vendor/medusa-plugin-nordic-parcel-*.tgz"
npm install ../../vendor/medusa-plugin-nordic-parcel-*.tgz --no-audit --no-fund 2>&1 | tee "$WORK/npm-install.log"
if grep -Eq 'ERESOLVE|peer dep|Conflicting peer' "$WORK/npm-install.log"; then echo "peer conflict in npm install" >&2; exit 1; fi
grep -o '"medusa-plugin-nordic-parcel": "[^"]*"' package.json

step "tsc --noEmit"
npx tsc --noEmit && echo "tsc: no errors"

cat > .env.local <<EOF
NEXT_PUBLIC_MEDUSA_BACKEND_URL=$STORE_URL
NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY=$PUBLISHABLE_KEY
NEXT_PUBLIC_DEFAULT_REGION=no
NEXT_PUBLIC_BASE_URL=http://localhost:$STARTER_PORT
EOF

step "next build"
npx next build 2>&1 | tee "$WORK/next-build.log" | tail -40

step "next start :$STARTER_PORT and the shopper's path in Chromium"
# Its own process group: npx leaves next-server running when only npx is stopped.
setsid npx next start -p "$STARTER_PORT" > "$WORK/next-start.log" 2>&1 &
NEXT_PID=$!
trap 'kill -- -$NEXT_PID 2>/dev/null || true' EXIT
for _ in $(seq 1 60); do curl -sf -o /dev/null "http://localhost:$STARTER_PORT/no" && break; sleep 2; done
cd "$ROOT"
STARTER_URL="http://localhost:$STARTER_PORT" STORE_URL="$STORE_URL" PUBLISHABLE_KEY="$PUBLISHABLE_KEY" node e2e/starter/drive-return.js
