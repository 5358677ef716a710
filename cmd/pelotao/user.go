package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"strings"

	"pelotao/internal/account"
	"pelotao/internal/mail"
	"pelotao/internal/store"
)

const userUsage = `usage:
  pelotao user create --email E --name N   (password on standard input)
  pelotao user disable --email E`

// userCommand runs `pelotao user create|disable` for operators.
func userCommand(args []string, stdin io.Reader, stdout io.Writer) error {
	if len(args) == 0 {
		return errors.New(userUsage)
	}
	sub, args := args[0], args[1:]
	fs := flag.NewFlagSet("user "+sub, flag.ContinueOnError)
	email := fs.String("email", "", "the account's e-mail")
	name := fs.String("name", "", "the account's display name (create)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *email == "" || (sub == "create" && *name == "") || fs.NArg() > 0 {
		return errors.New(userUsage)
	}

	ctx := context.Background()
	cfg, st, err := openConfiguredStore(ctx)
	if err != nil {
		return err
	}
	defer st.Close()
	log := slog.Default()
	accounts := account.FromConfig(cfg, st, mail.New(cfg, log), log)

	switch sub {
	case "create":
		password, err := bufio.NewReader(stdin).ReadString('\n')
		if err != nil && !errors.Is(err, io.EOF) {
			return err
		}
		u, err := accounts.CreateUser(ctx, *email, strings.TrimRight(password, "\r\n"), *name)
		if err != nil {
			return describeAccountError(err)
		}
		fmt.Fprintf(stdout, "account created: %s (%s)\n", u.Email, u.ID)
	case "disable":
		if err := accounts.SetDisabled(ctx, *email, true); errors.Is(err, store.ErrNotFound) {
			return fmt.Errorf("no account with e-mail %s", *email)
		} else if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "account disabled, its sessions ended: %s\n", account.NormalizeEmail(*email))
	default:
		return errors.New(userUsage)
	}
	return nil
}

func describeAccountError(err error) error {
	var ve account.ValidationError
	if errors.As(err, &ve) {
		var parts []string
		for field, msg := range ve {
			parts = append(parts, field+": "+msg)
		}
		return errors.New(strings.Join(parts, "; "))
	}
	if errors.Is(err, account.ErrEmailInUse) {
		return errors.New("an account with this e-mail already exists")
	}
	return err
}

// ensureDemoOrganizer makes sure the demo organizer (the owner of the demo events) can sign in,
// prints its demo-only credentials, and returns its user id.
func ensureDemoOrganizer(ctx context.Context, accounts *account.Service, log *slog.Logger) (string, error) {
	id, err := accounts.EnsureDemoOrganizer(ctx)
	if err != nil {
		return "", fmt.Errorf("demo organizer: %w", err)
	}
	log.Info("demo organizer (demo only, public password)",
		"email", account.DemoOrganizerEmail, "password", account.DemoOrganizerPassword, "user_id", id)
	return id, nil
}

// ensureDemoTeam makes sure the demo event team (a manager and a kit desk member) can sign in
// and prints their demo-only credentials.
func ensureDemoTeam(ctx context.Context, accounts *account.Service, log *slog.Logger) error {
	for _, m := range []struct{ role, email, name string }{
		{"gestao", account.DemoGestaoEmail, account.DemoGestaoName},
		{"retirada", account.DemoRetiradaEmail, account.DemoRetiradaName},
	} {
		id, err := accounts.EnsureDemoUser(ctx, m.email, account.DemoTeamPassword, m.name)
		if err != nil {
			return fmt.Errorf("demo team: %w", err)
		}
		log.Info("demo event team member (demo only, public password)",
			"role", m.role, "email", m.email, "password", account.DemoTeamPassword, "user_id", id)
	}
	return nil
}
