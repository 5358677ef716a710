// Command pelotao is the whole Pelotão site in one binary.
//
//	pelotao [serve]   serve the site (the default)
//	pelotao migrate   apply database migrations and exit
//	pelotao backup P  copy the SQLite database to P while the server runs
//	pelotao user …    create or disable accounts (operators)
package main

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"syscall"
	"time"

	"pelotao/internal/account"
	"pelotao/internal/config"
	"pelotao/internal/demo"
	"pelotao/internal/event"
	"pelotao/internal/httpapi"
	"pelotao/internal/mail"
	"pelotao/internal/prerender"
	"pelotao/internal/store"
	"pelotao/internal/store/postgres"
	"pelotao/internal/store/sqlite"
	"pelotao/internal/webui"
)

const usage = `usage: pelotao [command]

commands:
  serve     serve the site (default)
  migrate   apply database migrations and exit
  backup PATH
            write a consistent copy of the SQLite database to PATH, while the server runs
  pix-sem-cobranca
            list the Pix the company's key received with no charge of ours (the last daily
            reconciliation's), which no event's Financeiro shows
  user create --email E --name N
            create an account; the password is read from standard input
  user disable --email E
            disable an account and end its sessions

Configuration comes from PELOTAO_* environment variables; see README.md.`

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "pelotao:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	cmd := "serve"
	if len(args) > 0 {
		cmd, args = args[0], args[1:]
	}
	switch cmd {
	case "serve":
		return serve()
	case "migrate":
		return migrate()
	case "backup":
		if len(args) != 1 {
			return fmt.Errorf("usage: pelotao backup PATH")
		}
		return backup(args[0])
	case "user":
		return userCommand(args, os.Stdin, os.Stdout)
	case "pix-sem-cobranca":
		return pixUnmatchedCommand(os.Stdout)
	case "help", "-h", "--help":
		fmt.Println(usage)
		return nil
	default:
		return fmt.Errorf("unknown command %q\n\n%s", cmd, usage)
	}
}

func loadConfig() (config.Config, error) {
	cfg, err := config.Load(os.Getenv)
	if err != nil {
		return cfg, fmt.Errorf("configuration:\n%w", err)
	}
	return cfg, nil
}

// openStore opens the database named by the configuration and applies its migrations.
func openStore(ctx context.Context, cfg config.Config) (store.Store, error) {
	switch {
	case strings.HasPrefix(cfg.DatabaseURL, "sqlite:"):
		return sqlite.Open(ctx, sqlite.PathFromURL(cfg.DatabaseURL))
	default:
		return postgres.Open(ctx, cfg.DatabaseURL, 10*time.Second)
	}
}

// openConfiguredStore loads the configuration and opens its database, for the operators'
// commands that run once and exit.
func openConfiguredStore(ctx context.Context) (config.Config, store.Store, error) {
	cfg, err := loadConfig()
	if err != nil {
		return cfg, nil, err
	}
	st, err := openStore(ctx, cfg)
	return cfg, st, err
}

func migrate() error {
	_, s, err := openConfiguredStore(context.Background())
	if err != nil {
		return err
	}
	fmt.Println("migrations applied")
	return s.Close()
}

func backup(path string) error {
	cfg, err := loadConfig()
	if err != nil {
		return err
	}
	if !strings.HasPrefix(cfg.DatabaseURL, "sqlite:") {
		return fmt.Errorf("backup copies a SQLite database; for PostgreSQL use pg_dump")
	}
	if err := sqlite.Backup(context.Background(), sqlite.PathFromURL(cfg.DatabaseURL), path); err != nil {
		return err
	}
	fmt.Println("backup written to", path)
	return nil
}

// newHTTPServer is the http.Server of `pelotao serve`, with the limits that keep slow or hostile
// clients from holding connections: the slow-client tests run against this same construction.
func newHTTPServer(h http.Handler, log *slog.Logger) *http.Server {
	return &http.Server{
		Handler: h,
		// A client has 5 s to send its request headers, so connections that trickle headers
		// (slowloris) are closed instead of piling up.
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       60 * time.Second, // uploads of up to 20 MB from phones on slow networks
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
}

func serve() error {
	cfg, err := loadConfig()
	if err != nil {
		return err
	}
	logs := newLogBuffer(os.Stderr, 100*time.Millisecond)
	defer logs.Close()
	log := slog.New(newLogHandler(logs))
	slog.SetDefault(log)

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	st, err := openStore(ctx, cfg)
	if err != nil {
		return err
	}
	defer st.Close()

	accounts := account.FromConfig(cfg, st, mail.New(cfg, log), log)
	defer accounts.Wait() // reset e-mails still being sent
	go accounts.RunCleanup(ctx, time.Hour)
	if cfg.Demo {
		ownerID, err := ensureDemoOrganizer(ctx, accounts, log)
		if err != nil {
			return err
		}
		start := time.Now()
		today := event.Today(cfg.Location, time.Now())
		if err := demo.Seed(ctx, st, ownerID, today); err != nil {
			return err
		}
		if err := ensureDemoTeam(ctx, accounts, log); err != nil {
			return err
		}
		if err := demo.SeedRaceDay(ctx, st, ownerID, demo.Team{Gestao: account.DemoGestaoEmail, Retirada: account.DemoRetiradaEmail}, today); err != nil {
			return err
		}
		if cfg.CardsConfigured() {
			if err := demo.OfferCards(ctx, st, ownerID, today); err != nil {
				return err
			}
		}
		log.Info("demo content ready", "duration", time.Since(start).Round(time.Millisecond))
	}

	var renderer *prerender.Renderer
	if script := webui.Renderer(); script != nil {
		if renderer, err = prerender.New(script, log); err != nil {
			return err
		}
	}
	// Drawing the demo's banners and PDFs, and compiling the renderer, needed tens of megabytes
	// that an idle server never needs again: give them back now rather than whenever the runtime
	// gets to it.
	debug.FreeOSMemory()
	srv, err := httpapi.New(httpapi.Deps{Config: cfg, Store: st, UI: webui.FS(), Log: log, Accounts: accounts, Renderer: renderer})
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return err
	}
	hs := newHTTPServer(srv, log)
	log.Info("listening", "addr", ln.Addr().String(), "base_url", cfg.BaseURL.String())

	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	go srv.RunPix(ctx)

	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down: draining in-flight requests")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := hs.Shutdown(shutdownCtx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	log.Info("stopped")
	return nil
}
