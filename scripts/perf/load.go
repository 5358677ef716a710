package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"slices"
	"sync"
	"time"
)

// loadTarget is a route under load: label names it in the table, path is what is asked for (with
// the organizer's session cookie when set), budget is which of docs/budgets.md it answers to.
type loadTarget struct {
	label, path, cookie string
	budget              loadBudget
}

type loadBudget int

const (
	noBudget     loadBudget = iota // a figure the others are compared with
	listBudget                     // GET /api/events: p99
	searchBudget                   // a searched page of 30,000 results or participants: p99
	detailBudget                   // GET /api/events/{id}: req/s beside /healthz's
)

type loadResult struct {
	loadTarget
	requests, failures int
	perSecond          float64
	p50, p99           time.Duration
}

// loadRun sends GET base+t.path from clients goroutines, each waiting for its answer before the next
// request, for d. Clients accept gzip, as browsers do, and read the compressed answer whole without
// inflating it: the load generator shares the server's cores, and inflating fifteen thousand
// answers a second would spend the better part of one of them on work no server does.
func loadRun(base string, t loadTarget, clients int, d time.Duration) (loadResult, error) {
	url := base + t.path
	tr := &http.Transport{MaxIdleConns: clients, MaxIdleConnsPerHost: clients, MaxConnsPerHost: clients, DisableCompression: true}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr, Timeout: 10 * time.Second}
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return loadResult{}, err
	}
	req.Header.Set("Accept-Encoding", "gzip")
	if t.cookie != "" {
		req.Header.Set("Cookie", t.cookie)
	}
	if res, err := client.Do(req); err != nil {
		return loadResult{}, err
	} else if res.Body.Close(); res.StatusCode != http.StatusOK {
		return loadResult{}, fmt.Errorf("GET %s: %s", url, res.Status)
	}
	var (
		mu        sync.Mutex
		latencies []time.Duration
		failures  int
		wg        sync.WaitGroup
	)
	start := time.Now()
	end := start.Add(d)
	for range clients {
		wg.Go(func() {
			req := req.Clone(context.Background()) // each client its own, reused once its answer is read
			var mine []time.Duration
			failed := 0
			for time.Now().Before(end) {
				t := time.Now()
				res, err := client.Do(req)
				if err == nil {
					_, err = io.Copy(io.Discard, res.Body)
					res.Body.Close()
					if res.StatusCode != http.StatusOK {
						err = fmt.Errorf("%s", res.Status)
					}
				}
				if err != nil {
					failed++
					continue
				}
				mine = append(mine, time.Since(t))
			}
			mu.Lock()
			latencies = append(latencies, mine...)
			failures += failed
			mu.Unlock()
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	slices.Sort(latencies)
	r := loadResult{loadTarget: t, requests: len(latencies), failures: failures, perSecond: float64(len(latencies)) / elapsed.Seconds()}
	if len(latencies) > 0 {
		r.p50 = latencies[len(latencies)*50/100]
		r.p99 = latencies[min(len(latencies)-1, len(latencies)*99/100)]
	}
	return r, nil
}
