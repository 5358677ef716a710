// Command perf measures Pelotão against the budgets of docs/budgets.md: it starts bin/pelotao on demo
// content plus generated events in a temporary database, then prints one table with the bytes
// each page makes a browser download, Lighthouse's mobile score and LCP for it, and a load run
// of the hot routes beside /healthz (the machine's ceiling). `make perf` builds and runs it.
package main

import (
	"context"
	"errors"
	"flag"
	"log"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"time"
)

func main() {
	bin := flag.String("bin", "bin/pelotao", "the pelotao binary to measure")
	events := flag.Int("events", 1000, "events generated beside the demo content")
	runs := flag.Int("runs", 3, "Lighthouse runs per page (the median is shown)")
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
	srv.stop()
	log.Printf("generating %d events", events)
	eventID, err := generate(context.Background(), srv.dbPath, events)
	if err != nil {
		return err
	}
	if err := srv.start(); err != nil {
		return err
	}
	defer srv.stop()

	pages := []string{"/", "/event/" + eventID, "/about"}
	var rows []pageRow
	for _, p := range pages {
		log.Printf("measuring %s", p)
		row := pageRow{path: p}
		if row.html, row.js, row.css, err = pageBytes(srv.base + p); err != nil {
			return err
		}
		if lh.command != "" {
			if row.score, row.lcp, err = lh.median(srv.base, p); err != nil {
				return err
			}
		}
		rows = append(rows, row)
	}
	targets := []string{"/healthz", "/api/events", "/api/events/" + eventID, "/event/" + eventID}
	var loads []loadResult
	for _, t := range targets {
		log.Printf("load: %d clients for %s on %s", clients, duration, t)
		r, err := loadRun(srv.base+t, clients, duration)
		if err != nil {
			return err
		}
		r.path = t
		loads = append(loads, r)
	}
	printTable(os.Stdout, events, lh.runs, clients, duration, rows, loads)
	return nil
}

// server is bin/pelotao on a temporary database and a free port.
type server struct {
	bin, dir, dbPath, base string
	env                    []string
	cmd                    *exec.Cmd
}

func newServer(bin, dir string) (*server, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	addr := l.Addr().String()
	l.Close()
	s := &server{bin: bin, dir: dir, dbPath: filepath.Join(dir, "pelotao.db"), base: "http://" + addr}
	s.env = append(os.Environ(),
		"PELOTAO_ADDR="+addr, "PELOTAO_BASE_URL="+s.base, "PELOTAO_DATABASE_URL=sqlite:"+s.dbPath,
		"PELOTAO_OUTBOX="+filepath.Join(dir, "outbox"), "PELOTAO_DEMO=1")
	return s, nil
}

func (s *server) start() error {
	logFile, err := os.OpenFile(filepath.Join(s.dir, "server.log"), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o600)
	if err != nil {
		return err
	}
	s.cmd = exec.Command(s.bin, "serve")
	s.cmd.Env, s.cmd.Stdout, s.cmd.Stderr = s.env, logFile, logFile
	if err := s.cmd.Start(); err != nil {
		return err
	}
	deadline := time.Now().Add(3 * time.Minute)
	for time.Now().Before(deadline) {
		if res, err := http.Get(s.base + "/healthz"); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return nil
			}
		}
		time.Sleep(200 * time.Millisecond)
	}
	s.stop()
	logText, _ := os.ReadFile(logFile.Name())
	return errors.New("the server did not become healthy:\n" + string(logText))
}

func (s *server) stop() {
	if s.cmd == nil || s.cmd.Process == nil {
		return
	}
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan struct{})
	go func() { _ = s.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		_ = s.cmd.Process.Kill()
		<-done
	}
	s.cmd = nil
}
