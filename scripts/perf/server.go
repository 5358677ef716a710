package main

import (
	"errors"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"time"
)

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
