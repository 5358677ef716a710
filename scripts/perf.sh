#!/usr/bin/env bash
# make perf: build bin/pelotao, run the Go benchmarks of docs/budgets.md's group and ranking rows, then
# measure bin/pelotao against docs/budgets.md (scripts/perf).
# Lighthouse comes from npm through npx (not a dependency of the app); Chromium is the system's.
# Options go to the Go program, e.g. scripts/perf.sh -runs 1 -duration 5s, -lighthouse '' to skip it, or
# -reports DIR to keep the Lighthouse reports.
set -euo pipefail
cd "$(dirname "$0")/.."

# go_bench BUDGETS ARGS...: go test -run '^$' ARGS, each benchmark's line followed by its ms/op and, for a
# name in BUDGETS ("BenchmarkX=ns …", the -N suffix dropped), ✓ within or ✗ over that budget (a miss is
# marked, as scripts/perf marks its rows); a name not in BUDGETS is reported only.
go_bench() {
	local budgets=$1
	shift
	go test -run '^$' "$@" | awk -v budgets="$budgets" '
		BEGIN { n = split(budgets, kv, " "); for (i = 1; i <= n; i++) { split(kv[i], p, "="); max[p[1]] = p[2] } }
		{ print }
		/^Benchmark.* ns\/op/ {
			name = $1; sub(/-[0-9]+$/, "", name); ns = $3
			if (name in max) printf "%s: %.3f ms/op, budget %.0f ms: %s\n", name, ns / 1e6, max[name] / 1e6, (ns <= max[name] ? "✓ within" : "✗ over")
			else printf "%s: %.3f ms/op (reported: docs/budgets.md gives it no time of its own)\n", name, ns / 1e6
		}'
}

make build
# A coach's spreadsheet of 200 athletes held and priced ≤ 1 s on SQLite (docs/budgets.md, "Race day").
go_bench "BenchmarkGroupOrder200=1000000000" -bench 'BenchmarkGroupOrder200$' -benchtime 5x ./internal/salesapi
# The ranking by assessoria over 30,000 results: the rule and the route, computed and kept (reported; the
# results page's own budgets are the /resultado/{id} row of scripts/perf).
go_bench "" -bench 'BenchmarkRankGroups30000$|BenchmarkAssessorias$' -benchtime 10x ./internal/results ./internal/httpapi
exec go run ./scripts/perf -bin bin/pelotao "$@"
