// Command perf measures Pelotão against the budgets of docs/budgets.md: it starts bin/pelotao on demo
// content plus generated events in a temporary database, signs the demo organizer in and imports
// race-day files of 30,000 rows (results of a past event, participants of an upcoming one), then
// prints one table: the imports' times, the bytes each page makes a browser download with
// Lighthouse's mobile score and LCP for it, and a load run of the hot routes beside /healthz (the
// machine's ceiling). `make perf` builds and runs it.
package main

import (
	"context"
	"flag"
	"log"
	"os"
	"os/exec"
	"time"
)

func main() {
	bin := flag.String("bin", "bin/pelotao", "the pelotao binary to measure")
	events := flag.Int("events", 1000, "events generated beside the demo content")
	runs := flag.Int("runs", 7, "Lighthouse runs per page, taken in turns over the pages (the median is shown; on a shared machine one run in three or four is an outlier)")
	clients := flag.Int("clients", 50, "concurrent clients of the load run")
	duration := flag.Duration("duration", 10*time.Second, "length of each load run")
	lighthouse := flag.String("lighthouse", "npx --yes lighthouse@12", "the Lighthouse command; empty skips Lighthouse")
	reports := flag.String("reports", "", "a folder to keep every Lighthouse report in (JSON), to see what a miss is made of")
	flag.Parse()
	log.SetFlags(0)
	log.SetPrefix("perf: ")
	lh := lighthouseRun{command: *lighthouse, runs: *runs, reports: *reports}
	if err := run(*bin, *events, *clients, *duration, lh); err != nil {
		log.Fatal(err)
	}
}

func run(bin string, events, clients int, duration time.Duration, lh lighthouseRun) error {
	if _, err := exec.LookPath("wrk"); err != nil {
		return errNoWrk
	}
	dir, err := os.MkdirTemp("", "pelotao-perf-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	srv, err := newServer(bin, dir)
	if err != nil {
		return err
	}
	// Demo content is seeded into an empty database only: the first start seeds it, then the
	// generated events join it while no server runs.
	log.Printf("seeding demo content (%s)", srv.base)
	if err := srv.start(); err != nil {
		return err
	}
	pastID, modalidade, err := pastDemoEvent(srv.base)
	srv.stop()
	if err != nil {
		return err
	}
	log.Printf("generating %d events, and %d orders of the first", events, raceRows)
	measured, err := generate(context.Background(), srv.dbPath, events)
	if err != nil {
		return err
	}
	if err := srv.start(); err != nil {
		return err
	}
	defer srv.stop()
	log.Printf("race day: importing %d results into %s and %d participants (twice) into %s", raceRows, pastID, raceRows, measured.upcoming)
	org, err := signIn(srv.base)
	if err != nil {
		return err
	}
	rd, err := prepareRaceDay(org, pastID, modalidade, measured.upcoming)
	if err != nil {
		return err
	}
	rd.soldID, rd.ordersID = measured.sold, measured.orders

	rep := report{events: events, runs: lh.runs, clients: clients, duration: duration, raceDay: rd}
	for _, p := range rd.pages() {
		log.Printf("measuring %s", p.path)
		row := pageRow{page: p}
		cookie := ""
		if p.signedIn {
			cookie = org.cookie
		}
		if row.html, row.js, row.css, err = pageBytes(srv.base+p.path, cookie); err != nil {
			return err
		}
		rep.pages = append(rep.pages, row)
	}
	if lh.command != "" {
		var paths []string
		for _, p := range rep.pages {
			if !p.signedIn {
				paths = append(paths, p.path)
			}
		}
		log.Printf("Lighthouse: %d runs of each of %d pages, in turn", lh.runs, len(paths))
		audits, err := lh.audit(srv.base, paths)
		if err != nil {
			return err
		}
		for i, p := range rep.pages {
			if a, ok := audits[p.path]; ok {
				rep.pages[i].score, rep.pages[i].lcp = a.score, a.lcp
			}
		}
	}
	for _, t := range rd.loadTargets(org.cookie) {
		log.Printf("load: %d clients for %s on %s", clients, duration, t.path)
		r, err := loadRun(srv.base, dir, t, clients, duration)
		if err != nil {
			return err
		}
		rep.loads = append(rep.loads, r)
	}
	rep.print(os.Stdout)
	return nil
}

// pages are the pages measured: the site's public pages (the upcoming event's page among them),
// the registration form of the event sold in Pelotão as a visitor opens it, the results of the
// past event and one of its athletes, and the organizer's race-day pages of the upcoming event.
func (rd raceDay) pages() []page {
	return []page{
		{label: "/", path: "/"},
		{label: "/event/{id}", path: "/event/" + rd.upcomingID},
		{label: "/about", path: "/about"},
		{label: "/inscricao/{id}", path: "/inscricao/" + rd.soldID},
		{label: "/resultado/{id}", path: "/resultado/" + rd.pastID},
		{label: "/resultado/{id}/atleta/{setId}/{bib}", path: "/resultado/" + rd.pastID + "/atleta/" + rd.setID + "/" + rd.bib},
		{label: "/dashboard/eventos/{id}", path: "/dashboard/eventos/" + rd.upcomingID, signedIn: true},
		{label: "/retirada/{id}", path: "/retirada/" + rd.upcomingID, signedIn: true},
	}
}

// loadTargets are the routes under load: /healthz (the machine's ceiling), the hot public routes,
// and pages of 50 over the 30,000 results, participants and orders, searched as people search them.
func (rd raceDay) loadTargets(cookie string) []loadTarget {
	set := "/api/events/" + rd.pastID + "/results/" + rd.setID + "?limit=50&q=" + searchedSurname
	return []loadTarget{
		{label: "/healthz", path: "/healthz"},
		{label: "/api/events", path: "/api/events", budget: listBudget},
		{label: "/api/events/{id}", path: "/api/events/" + rd.upcomingID, budget: detailBudget},
		{label: "/event/{id}", path: "/event/" + rd.upcomingID},
		{label: "…/results/{setId}?q=" + searchedSurname, path: set, budget: searchBudget},
		{label: "…/results/{setId}?q=" + searchedSurname + "&sexo&categoria", path: set + "&sexo=" + filteredSexo + "&categoria=" + filteredCategory, budget: searchBudget},
		{label: "…/participants?q=" + searchedSurname + " (organizer)", path: "/api/events/" + rd.upcomingID + "/participants?limit=50&q=" + searchedSurname,
			cookie: cookie, budget: searchBudget},
		{label: "…/pedidos?q=" + searchedSurname + " (organizer)", path: "/api/events/" + rd.ordersID + "/pedidos?limit=50&q=" + searchedSurname,
			cookie: cookie, budget: searchBudget},
	}
}
