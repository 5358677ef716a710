#!/usr/bin/env bash
# make perf: build bin/pelotao, then measure it against docs/budgets.md (scripts/perf).
# Lighthouse comes from npm through npx (not a dependency of the app); Chromium is the system's.
# Options go to the Go program, e.g. scripts/perf.sh -runs 1 -duration 5s, -lighthouse '' to skip it, or
# -reports DIR to keep the Lighthouse reports.
set -euo pipefail
cd "$(dirname "$0")/.."
make build
exec go run ./scripts/perf -bin bin/pelotao "$@"
