package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"pelotao/internal/event/eventtest"
)

// binary is the pelotao command built once for the tests that run it as a real process.
var binary string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "pelotao-bin-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	binary = filepath.Join(dir, "pelotao")
	if out, err := exec.Command("go", "build", "-o", binary, ".").CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building pelotao: %v\n%s", err, out)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

type process struct {
	cmd    *exec.Cmd
	base   string
	exit   chan struct{} // closed when the process has exited
	result error         // cmd.Wait's, once exit is closed
}

// exited is closed when the process has exited.
func (p *process) exited() <-chan struct{} { return p.exit }

// wait waits for the process to exit and returns how it ended.
func (p *process) wait() error {
	<-p.exit
	return p.result
}

func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// start runs `pelotao serve` on a free port with its database in dir, from another working
// directory than the source tree, and waits until it is healthy.
func start(t *testing.T, dir string, env ...string) *process {
	t.Helper()
	addr := freeAddr(t)
	cmd := exec.Command(binary, "serve")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(),
		"PELOTAO_ADDR="+addr,
		"PELOTAO_DATABASE_URL=sqlite:"+filepath.Join(dir, "pelotao.db"),
		"PELOTAO_OUTBOX="+filepath.Join(dir, "outbox"),
		"PELOTAO_BASE_URL=http://"+addr,
	)
	cmd.Env = append(cmd.Env, env...)
	logFile, err := os.Create(filepath.Join(dir, "server.log"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { logFile.Close() })
	cmd.Stdout, cmd.Stderr = logFile, logFile
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &process{cmd: cmd, base: "http://" + addr, exit: make(chan struct{})}
	go func() {
		p.result = cmd.Wait()
		close(p.exit)
	}()
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		p.wait()
	})
	// Generous: seeding the demo content draws pictures, which takes long on a busy machine.
	deadline := time.Now().Add(2 * time.Minute)
	for {
		res, err := http.Get(p.base + "/healthz")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				return p
			}
		}
		select {
		case <-p.exit:
			log, _ := os.ReadFile(filepath.Join(dir, "server.log"))
			t.Fatalf("pelotao exited early: %v\n%s", p.result, log)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatal("pelotao did not become healthy")
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// SIGTERM during a burst of reads and event creations lets every request already accepted
// finish, then exits 0; every creation acknowledged before the exit is there after a restart.
func TestGracefulShutdownDrainsInFlightRequests(t *testing.T) {
	dir := t.TempDir()
	p := start(t, dir)
	reader := &http.Client{Timeout: 10 * time.Second}

	var ok, unanswered, cut atomic.Int64
	var mu sync.Mutex
	var acked []string
	var wg sync.WaitGroup
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// send runs one request; it reports whether the burst goes on.
	send := func(req func() (*http.Response, error), want int, onOK func(body []byte)) bool {
		res, err := req()
		if err != nil {
			// No answer: refused once the listener closed, or dropped by net/http because it was
			// read after shutdown began. Either way no handler ran it — the server's log below
			// proves that every request a handler ran was answered in full.
			unanswered.Add(1)
			return false
		}
		body, readErr := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode == want && readErr == nil {
			ok.Add(1)
			onOK(body)
		} else {
			cut.Add(1)
			t.Logf("answer cut or refused: %d %v", res.StatusCode, readErr)
		}
		return ctx.Err() == nil
	}
	for i := range 16 {
		wg.Add(1)
		if i%2 == 0 {
			go func() {
				defer wg.Done()
				for send(func() (*http.Response, error) { return reader.Get(p.base + "/about") }, 200, func([]byte) {}) {
				}
			}()
			continue
		}
		writer := signedInClient(t, p, fmt.Sprintf("org%d@exemplo.com.br", i))
		go func() {
			defer wg.Done()
			for n := 0; send(func() (*http.Response, error) {
				n++
				return writer.Post(p.base+"/api/events", "application/json",
					strings.NewReader(eventtest.JSON(fmt.Sprintf("Corrida %d-%d", i, n), "2031-06-01")))
			}, 201, func(body []byte) {
				var created struct{ ID string }
				json.Unmarshal(body, &created)
				mu.Lock()
				acked = append(acked, created.ID)
				mu.Unlock()
			}); {
			}
		}()
	}
	for ok.Load() < 200 {
		time.Sleep(5 * time.Millisecond)
	}
	if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	err := p.wait()
	cancel()
	wg.Wait()

	if err != nil {
		t.Fatalf("pelotao exited with %v after SIGTERM, want status 0", err)
	}
	if cut.Load() != 0 {
		t.Fatalf("%d requests were cut off during shutdown (%d completed)", cut.Load(), ok.Load())
	}
	t.Logf("%d requests completed (%d creations), %d not taken once shutdown began", ok.Load(), len(acked), unanswered.Load())
	// Every request the server handled reached its client in full: as many as the clients got.
	log, err := os.ReadFile(filepath.Join(dir, "server.log"))
	if err != nil {
		t.Fatal(err)
	}
	handled := 0
	for _, line := range strings.Split(string(log), "\n") {
		if strings.Contains(line, "msg=request") && (strings.Contains(line, "path=/about ") || strings.Contains(line, "path=/api/events ")) {
			handled++
		}
	}
	if handled != int(ok.Load()) {
		t.Fatalf("the server handled %d requests, its clients received %d answers", handled, ok.Load())
	}
	acknowledgedEventsExist(t, start(t, dir), acked)
}

func TestBadConfigurationStopsStartUp(t *testing.T) {
	cmd := exec.Command(binary, "serve")
	cmd.Env = append(os.Environ(), "PELOTAO_TZ=Lua/Crescente", "PELOTAO_ADDR="+freeAddr(t))
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatal("started with a bad PELOTAO_TZ")
	}
	if !strings.Contains(string(out), "PELOTAO_TZ") {
		t.Fatalf("error does not name the variable:\n%s", out)
	}
}
