package main

import (
	"fmt"
	"io"
	"text/tabwriter"
	"time"
)

// Budgets of docs/budgets.md.
const (
	budgetJS        = 100 << 10 // every page a visitor lands on
	budgetCSS       = 15 << 10
	budgetScore     = 95
	budgetLCP       = 1800 // ms
	budgetImport    = 3 * time.Second
	budgetListP99   = 10 * time.Millisecond
	budgetSearchP99 = 20 * time.Millisecond
	budgetDetail    = 0.5 // GET /api/events/{id} req/s over /healthz's
)

// report is everything a run measured.
type report struct {
	events, runs, clients int
	duration              time.Duration
	raceDay
	pages []pageRow
	loads []loadResult
}

func (r report) print(out io.Writer) {
	fmt.Fprintf(out, "\nPelotão performance — demo content + %d generated events; race day: %d results, %d participants; Lighthouse mobile, median of %d; load: %d clients × %s\n\n",
		r.events, raceRows, raceRows, r.runs, r.clients, r.duration)
	r.printImports(out)
	fmt.Fprintln(out)
	r.printPages(out)
	fmt.Fprintln(out)
	r.printLoads(out)
	fmt.Fprintf(out, "\nevent {id} %s (upcoming, %d participants imported); inscricao {id} %s (sold in Pelotão); orders of %s (%d); past event {id} %s, results {setId} %s, athlete {bib} %s\n",
		r.upcomingID, raceRows, r.soldID, r.ordersID, raceRows, r.pastID, r.setID, r.bib)
	fmt.Fprintln(out, "✗ marks a miss of docs/budgets.md.")
	fmt.Fprintln(out, "¹ a signed-in page: the server sends it to anyone and the app sends a visitor without a session to /login, so Lighthouse (which has none) would audit the sign-in redirect; its bytes are measured with the organizer's session.")
}

func (r report) printImports(out io.Writer) {
	w := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "POST (organizer)\ttime\tbudget\tanswer\t")
	for _, i := range r.imports {
		fmt.Fprintf(w, "%s\t%.2f s%s\t≤ %.0f s\t%s%s\t\n", i.what, i.took.Seconds(), mark(i.took <= budgetImport), budgetImport.Seconds(), i.answer, mark(!i.wrong))
	}
	w.Flush()
}

func (r report) printPages(out io.Writer) {
	w := tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(w, "page\tHTML gzip\tJS gzip\tCSS gzip\tLighthouse\tLCP\t")
	fmt.Fprintf(w, "budget\t\t≤ %d KB\t≤ %d KB\t≥ %d\t≤ %.1f s\t\n", budgetJS>>10, budgetCSS>>10, budgetScore, budgetLCP/1000.0)
	for _, p := range r.pages {
		fmt.Fprintf(w, "%s\t%s\t%s%s\t%s%s\t%s\t%s\t\n", p.label, kb(p.html),
			kb(p.js), mark(p.js <= budgetJS), kb(p.css), mark(p.css <= budgetCSS), scoreText(p), lcpText(p))
	}
	w.Flush()
}

func (r report) printLoads(out io.Writer) {
	var healthz float64
	for _, l := range r.loads {
		if l.path == "/healthz" {
			healthz = l.perSecond
		}
	}
	w := tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(w, "GET\treq/s\tp50\tp99\terrors\tbudget\t")
	for _, l := range r.loads {
		budget := ""
		switch l.budget {
		case listBudget:
			budget = fmt.Sprintf("p99 ≤ %d ms%s", budgetListP99.Milliseconds(), mark(l.p99 <= budgetListP99))
		case searchBudget:
			budget = fmt.Sprintf("p99 ≤ %d ms%s", budgetSearchP99.Milliseconds(), mark(l.p99 <= budgetSearchP99))
		case detailBudget:
			if healthz > 0 {
				ratio := l.perSecond / healthz
				budget = fmt.Sprintf("%.2f× /healthz's req/s, ≥ %.1f×%s", ratio, budgetDetail, mark(ratio >= budgetDetail))
			}
		}
		fmt.Fprintf(w, "%s\t%.0f\t%s\t%s\t%d\t%s\t\n", l.label, l.perSecond, ms(l.p50), ms(l.p99), l.failures, budget)
	}
	w.Flush()
}

func scoreText(r pageRow) string {
	switch {
	case r.signedIn:
		return "—¹"
	case r.score == 0 && r.lcp == 0:
		return "—"
	}
	return fmt.Sprintf("%.0f%s", r.score, mark(r.score >= budgetScore))
}

func lcpText(r pageRow) string {
	switch {
	case r.signedIn:
		return "—¹"
	case r.score == 0 && r.lcp == 0:
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

func ms(d time.Duration) string {
	return fmt.Sprintf("%.2f ms", float64(d)/float64(time.Millisecond))
}
