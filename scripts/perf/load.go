package main

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
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
	failures  int
	perSecond float64
	p50, p99  time.Duration
}

// wrkReport is the Lua script that ends each wrk run with one JSON line (wrk-report.lua).
//
//go:embed wrk-report.lua
var wrkReport []byte

// errNoWrk says how to get wrk when it is not on the PATH (run checks before it starts anything).
var errNoWrk = errors.New("make perf drives its load runs with wrk, which is not installed: apt-get install -y wrk")

// loadRun has wrk keep clients connections busy with GET base+t.path for d, each sending its next
// request once its answer is read, as gzip-accepting browsers do. wrk runs on one thread: it is
// written in C and one thread keeps fifty connections busy, so the server keeps most of the two
// cores it shares with its load. (A Go client spent more CPU on each request than the server did,
// and the figures then measured the client.) Any answer but 2xx or 3xx, and any socket error,
// counts as a failure; the first answer must be 200.
func loadRun(base, dir string, t loadTarget, clients int, d time.Duration) (loadResult, error) {
	url := base + t.path
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return loadResult{}, err
	}
	if t.cookie != "" {
		req.Header.Set("Cookie", t.cookie)
	}
	if res, err := http.DefaultClient.Do(req); err != nil {
		return loadResult{}, err
	} else if res.Body.Close(); res.StatusCode != http.StatusOK {
		return loadResult{}, fmt.Errorf("GET %s: %s", url, res.Status)
	}
	script := filepath.Join(dir, "wrk-report.lua")
	if err := os.WriteFile(script, wrkReport, 0o600); err != nil {
		return loadResult{}, err
	}
	args := []string{"-t1", "-c", fmt.Sprint(clients), "-d", fmt.Sprintf("%ds", max(1, int(d.Seconds()))),
		"-s", script, "-H", "Accept-Encoding: gzip"}
	if t.cookie != "" {
		args = append(args, "-H", "Cookie: "+t.cookie)
	}
	cmd := exec.Command("wrk", append(args, url)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return loadResult{}, fmt.Errorf("wrk %s: %v\n%s", url, err, stderr.Bytes())
	}
	line := out[bytes.LastIndexByte(bytes.TrimRight(out, "\n"), '\n')+1:]
	var rep struct {
		Requests     int   `json:"requests"`
		DurationUS   int64 `json:"duration_us"`
		StatusErrors int   `json:"status_errors"`
		SocketErrors int   `json:"socket_errors"`
		P50US        int64 `json:"p50_us"`
		P99US        int64 `json:"p99_us"`
	}
	if err := json.Unmarshal(line, &rep); err != nil {
		return loadResult{}, fmt.Errorf("wrk %s: no report at the end of its output (%v):\n%s", url, err, out)
	}
	return loadResult{loadTarget: t, failures: rep.StatusErrors + rep.SocketErrors,
		perSecond: float64(rep.Requests) / (float64(rep.DurationUS) / 1e6),
		p50:       time.Duration(rep.P50US) * time.Microsecond, p99: time.Duration(rep.P99US) * time.Microsecond}, nil
}
