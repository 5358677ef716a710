package main

import (
	"bytes"
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"pelotao/internal/account"
	"pelotao/internal/store/sqlite"
)

func TestUserCreateAndDisable(t *testing.T) {
	db := filepath.Join(t.TempDir(), "p.db")
	t.Setenv("PELOTAO_DATABASE_URL", "sqlite:"+db)
	var out bytes.Buffer
	err := userCommand([]string{"create", "--email", "Org@Exemplo.com.br", "--name", "Organizadora"}, strings.NewReader("largada-as-sete\n"), &out)
	if err != nil || !strings.Contains(out.String(), "account created: org@exemplo.com.br") {
		t.Fatalf("create: %v %q", err, out.String())
	}
	if err := userCommand([]string{"create", "--email", "org@exemplo.com.br", "--name", "X"}, strings.NewReader("outra-senha-boa\n"), &out); err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Fatalf("duplicate: %v", err)
	}
	if err := userCommand([]string{"create", "--email", "b@exemplo.com.br", "--name", "B"}, strings.NewReader("senha123\n"), &out); err == nil || !strings.Contains(err.Error(), "senha comum") {
		t.Fatalf("common password: %v", err)
	}
	if err := userCommand([]string{"create", "--email", "c@exemplo.com.br"}, strings.NewReader("x\n"), &out); err == nil || !strings.Contains(err.Error(), "usage") {
		t.Fatalf("missing --name: %v", err)
	}
	if err := userCommand([]string{"disable", "--email", "org@exemplo.com.br"}, nil, &out); err != nil {
		t.Fatal(err)
	}
	if err := userCommand([]string{"disable", "--email", "ninguem@exemplo.com.br"}, nil, &out); err == nil {
		t.Fatal("disabling an unknown account succeeded")
	}

	st, err := sqlite.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	u, err := st.UserByEmail(context.Background(), "org@exemplo.com.br")
	if err != nil || !u.Disabled || u.DisplayName != "Organizadora" {
		t.Fatalf("stored: %+v %v", u, err)
	}
	svc := account.New(account.Options{Store: st})
	if _, err := svc.Login(context.Background(), "org@exemplo.com.br", "largada-as-sete", "10.0.0.1"); !errors.Is(err, account.ErrUserDisabled) {
		t.Fatalf("the password from stdin is not the account's: %v", err)
	}
}
