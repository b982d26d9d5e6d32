#!/usr/bin/env bash
# Makes sure Debian's Chromium is at /usr/bin/chromium for the browser tests (test/browser).
# The tests drive it through playwright-core; `npx playwright install` is never used.
# On a clean CI machine (Debian, running as root) it installs the `chromium` package; anywhere
# else it explains what to do instead of failing later with a confusing launch error.
set -euo pipefail

CHROMIUM=/usr/bin/chromium

works() {
  "$CHROMIUM" --version >/dev/null 2>&1
}

if [ -x "$CHROMIUM" ] && works; then
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-chromium: $CHROMIUM is missing and apt-get is not available." >&2
  echo "ensure-chromium: the browser tests need Debian's Chromium at $CHROMIUM (Debian/Ubuntu: apt-get install -y chromium)." >&2
  exit 1
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "ensure-chromium: $CHROMIUM is missing; installing it needs root." >&2
  echo "ensure-chromium: run 'sudo apt-get update && sudo apt-get install -y chromium', then run the tests again." >&2
  exit 1
fi

echo "ensure-chromium: installing Debian's chromium package (once per machine)..." >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# fonts-liberation: the tests check that views render visible text; a bare image may lack a font.
apt-get install -y -qq chromium fonts-liberation >/dev/null

if [ -x "$CHROMIUM" ] && works; then
  echo "ensure-chromium: $("$CHROMIUM" --version 2>/dev/null)" >&2
  exit 0
fi

echo "ensure-chromium: apt-get finished but $CHROMIUM does not run; check the output above." >&2
exit 1
