#!/usr/bin/env bash
# The real-browser suite. With arguments (a file filter, -t "name", ...) they go to one vitest run.
# Without, every file but the load test runs two at a time, then the load test runs alone: its
# latency criterion must measure the bridge, not a neighbouring file's browser on a 2-core machine.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-chromium.sh
config=vitest.browser.config.ts
if [ "$#" -gt 0 ]; then
  exec npx vitest run -c "$config" "$@"
fi
npx vitest run -c "$config" --exclude test/browser/load-flood.test.ts
npx vitest run -c "$config" test/browser/load-flood.test.ts
