package main

import (
	"context"
	"errors"
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
	cmd  *exec.Cmd
	base string
	done chan error
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
	p := &process{cmd: cmd, base: "http://" + addr, done: make(chan error, 1)}
	go func() { p.done <- cmd.Wait() }()
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		<-p.done
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
		case err := <-p.done:
			log, _ := os.ReadFile(filepath.Join(dir, "server.log"))
			t.Fatalf("pelotao exited early: %v\n%s", err, log)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatal("pelotao did not become healthy")
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// SIGTERM during a burst of requests lets every request already accepted finish, then exits 0.
func TestGracefulShutdownDrainsInFlightRequests(t *testing.T) {
	p := start(t, t.TempDir())
	client := &http.Client{Timeout: 10 * time.Second}

	var ok, refused, cut atomic.Int64
	var wg sync.WaitGroup
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				res, err := client.Get(p.base + "/about")
				switch {
				case err == nil:
					_, readErr := io.Copy(io.Discard, res.Body)
					res.Body.Close()
					if res.StatusCode == 200 && readErr == nil {
						ok.Add(1)
					} else {
						cut.Add(1)
					}
				case errors.Is(err, syscall.ECONNREFUSED):
					refused.Add(1) // after the listener closed: not in flight, so not cut off
					return
				default:
					cut.Add(1)
					t.Logf("request failed: %v", err)
				}
			}
		}()
	}
	for ok.Load() < 200 {
		time.Sleep(5 * time.Millisecond)
	}
	if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	err := <-p.done
	p.done <- err // for the cleanup
	cancel()
	wg.Wait()

	if err != nil {
		t.Fatalf("pelotao exited with %v after SIGTERM, want status 0", err)
	}
	if cut.Load() != 0 {
		t.Fatalf("%d requests were cut off during shutdown (%d completed)", cut.Load(), ok.Load())
	}
	t.Logf("%d requests completed, %d refused after the listener closed", ok.Load(), refused.Load())
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
