package main

import (
	"fmt"
	"io"
	"text/tabwriter"
	"time"
)

// Budgets of docs/budgets.md.
const (
	budgetHomeJS = 100 << 10
	budgetCSS    = 15 << 10
	budgetScore  = 95
	budgetLCP    = 1800 // ms
	budgetListMs = 10
)

func printTable(out io.Writer, events, runs, clients int, d time.Duration, rows []pageRow, loads []loadResult) {
	fmt.Fprintf(out, "\nPelotão performance — demo content + %d generated events; Lighthouse mobile, median of %d; load: %d clients × %s\n\n", events, runs, clients, d)
	w := tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(w, "page\tHTML gzip\tJS gzip\tCSS gzip\tLighthouse\tLCP\t")
	for _, r := range rows {
		fmt.Fprintf(w, "%s\t%s\t%s%s\t%s%s\t%s\t%s\t\n", short(r.path), kb(r.html),
			kb(r.js), mark(r.path != "/" || r.js <= budgetHomeJS),
			kb(r.css), mark(r.css <= budgetCSS),
			scoreText(r), lcpText(r))
	}
	fmt.Fprintln(w, "\t\t\t\t\t\t")
	fmt.Fprintln(w, "GET\treq/s\tp50\tp99\terrors\t\t")
	for _, l := range loads {
		budget := ""
		if l.path == "/api/events" {
			budget = mark(l.p99 <= budgetListMs*time.Millisecond)
		}
		fmt.Fprintf(w, "%s\t%.0f\t%s\t%s%s\t%d\t\t\n", short(l.path), l.perSecond, ms(l.p50), ms(l.p99), budget, l.failures)
	}
	w.Flush()
	fmt.Fprintf(out, "\nBudgets: JS for / ≤ 100 KB, CSS ≤ 15 KB, Lighthouse ≥ %d, LCP ≤ %.1f s, p99 of GET /api/events ≤ %d ms (✗ marks a miss).\n",
		budgetScore, budgetLCP/1000.0, budgetListMs)
}

func scoreText(r pageRow) string {
	if r.score == 0 && r.lcp == 0 {
		return "—"
	}
	return fmt.Sprintf("%.0f%s", r.score, mark(r.score >= budgetScore))
}

func lcpText(r pageRow) string {
	if r.score == 0 && r.lcp == 0 {
		return "—"
	}
	return fmt.Sprintf("%.2f s%s", r.lcp/1000, mark(r.lcp <= budgetLCP))
}

func mark(ok bool) string {
	if ok {
		return ""
	}
	return " ✗"
}

func kb(n int) string { return fmt.Sprintf("%.1f KB", float64(n)/1024) }

func ms(d time.Duration) string { return fmt.Sprintf("%.2f ms", float64(d)/float64(time.Millisecond)) }

// short keeps event ids from widening the table.
func short(path string) string {
	if len(path) > 24 {
		return path[:21] + "…"
	}
	return path
}
