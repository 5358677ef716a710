package storetest

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"pelotao/internal/event"
	"pelotao/internal/store"
	"pelotao/internal/team"
)

func testStaff(t *testing.T, open Open) {
	t.Run("RolesAndInvitations", func(t *testing.T) { testStaffRoles(t, open(t)) })
	t.Run("PendingInvitationTakesEffectOnceVerified", func(t *testing.T) { testStaffPending(t, open(t)) })
	t.Run("RemoveAndEventDeletion", func(t *testing.T) { testStaffRemoval(t, open(t)) })
}

var staffT0 = time.Date(2026, 3, 10, 9, 0, 0, 0, time.UTC)

func addStaff(t *testing.T, s store.Store, eventID, email string, role team.Role, at time.Time) store.StaffMember {
	t.Helper()
	m, err := s.AddStaff(context.Background(), store.StaffMember{EventID: eventID, Email: email, Role: role, InvitedBy: "dono-1", InvitedAt: at})
	if err != nil {
		t.Fatalf("add %s: %v", email, err)
	}
	return m
}

func testStaffRoles(t *testing.T, s store.Store) {
	ctx := context.Background()
	e := create(t, s, sampleEvent("Corrida da Equipe", event.NewDate(2026, time.May, 3), "Recife", "PE"))
	other := create(t, s, sampleEvent("Outra Corrida", event.NewDate(2026, time.June, 7), "Natal", "RN"))
	mustCreateUser(t, s, "dono-1", "dono@example.com")
	ana := mustCreateVerifiedUser(t, s, "u-ana", "ana@example.com")
	mustCreateVerifiedUser(t, s, "u-bia", "bia@example.com")

	m := addStaff(t, s, e.ID, "ana@example.com", team.Gestao, staffT0)
	if m.ID == "" || m.UserID != ana.ID || m.DisplayName != ana.DisplayName || !m.Verified {
		t.Fatalf("an invitation to an existing account is that account: %+v", m)
	}
	addStaff(t, s, other.ID, "bia@example.com", team.Retirada, staffT0)

	for _, c := range []struct {
		event, user string
		want        team.Role
	}{
		{e.ID, "dono-1", team.Owner}, {e.ID, "u-ana", team.Gestao}, {e.ID, "u-bia", ""},
		{other.ID, "u-bia", team.Retirada}, {other.ID, "u-ana", ""}, {e.ID, "", ""},
	} {
		if got, err := s.EventRole(ctx, c.event, c.user); err != nil || got != c.want {
			t.Errorf("role of %q on %s: %q, %v; want %q", c.user, c.event, got, err, c.want)
		}
	}
	if _, err := s.EventRole(ctx, "nao-existe", "u-ana"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("role on an unknown event: %v, want ErrNotFound", err)
	}
	if _, err := s.AddStaff(ctx, store.StaffMember{EventID: e.ID, Email: "ana@example.com", Role: team.Retirada, InvitedBy: "dono-1", InvitedAt: staffT0}); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("the same e-mail twice on a team: %v, want ErrConflict", err)
	}
	if _, err := s.AddStaff(ctx, store.StaffMember{EventID: "nao-existe", Email: "x@example.com", Role: team.Retirada, InvitedBy: "dono-1", InvitedAt: staffT0}); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("staff of an unknown event: %v, want ErrNotFound", err)
	}

	pending := addStaff(t, s, e.ID, "caio@example.com", team.Retirada, staffT0.Add(time.Minute))
	list, err := s.Staff(ctx, e.ID)
	if err != nil || len(list) != 2 {
		t.Fatalf("staff: %+v, %v", list, err)
	}
	if list[0] != m || list[1] != pending || pending.UserID != "" || pending.Verified {
		t.Fatalf("staff in invitation order: %+v; want %+v, %+v", list, m, pending)
	}
	if got, err := s.StaffMember(ctx, e.ID, pending.ID); err != nil || got != pending {
		t.Fatalf("one member: %+v, %v", got, err)
	}
	if _, err := s.StaffMember(ctx, other.ID, pending.ID); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a member through another event: %v, want ErrNotFound", err)
	}
	if list, err := s.Staff(ctx, "nao-existe"); err != nil || len(list) != 0 {
		t.Fatalf("staff of an unknown event: %+v, %v", list, err)
	}

	evs, err := s.StaffEvents(ctx, "u-ana")
	if err != nil || len(evs) != 1 || evs[0].Role != team.Gestao {
		t.Fatalf("ana's events: %+v, %v", evs, err)
	}
	if sums := summaries(t, store.EventPage{Events: []json.RawMessage{evs[0].Summary}}); sums[0].ID != e.ID {
		t.Fatalf("ana works on %+v", sums[0])
	}
	if evs, err := s.StaffEvents(ctx, "dono-1"); err != nil || len(evs) != 0 {
		t.Fatalf("the owner's own events are not staff events: %+v, %v", evs, err)
	}
}

func testStaffPending(t *testing.T, s store.Store) {
	ctx := context.Background()
	e := create(t, s, sampleEvent("Corrida Pendente", event.NewDate(2026, time.May, 3), "Recife", "PE"))
	inv := addStaff(t, s, e.ID, "nova@example.com", team.Retirada, staffT0)
	if inv.UserID != "" {
		t.Fatalf("an invitation without an account is pending: %+v", inv)
	}
	// Someone else signing up does not take it.
	mustCreateVerifiedUser(t, s, "u-outra", "outra@example.com")
	if r, _ := s.EventRole(ctx, e.ID, "u-outra"); r != "" {
		t.Fatalf("another account got role %q", r)
	}
	// Signing up with the address proves nothing: no role, no event, until it is verified.
	u := mustCreateUser(t, s, "u-nova", "nova@example.com")
	if r, err := s.EventRole(ctx, e.ID, u.ID); err != nil || r != "" {
		t.Fatalf("after an unverified sign-up: %q, %v; want no role", r, err)
	}
	if evs, err := s.StaffEvents(ctx, u.ID); err != nil || len(evs) != 0 {
		t.Fatalf("an unverified account's staff events: %+v, %v", evs, err)
	}
	got, err := s.StaffMember(ctx, e.ID, inv.ID)
	if err != nil || got.UserID != u.ID || got.Verified {
		t.Fatalf("the invitation waits for the account's verification: %+v, %v", got, err)
	}
	// An invitation to an unverified account that exists waits the same way.
	other := create(t, s, sampleEvent("Outra Pendente", event.NewDate(2026, time.June, 3), "Recife", "PE"))
	if m := addStaff(t, s, other.ID, "nova@example.com", team.Gestao, staffT0); m.UserID != u.ID || m.Verified {
		t.Fatalf("an invitation to an unverified account: %+v", m)
	}
	if err := s.SetEmailVerified(ctx, u.ID, staffT0.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if r, err := s.EventRole(ctx, e.ID, u.ID); err != nil || r != team.Retirada {
		t.Fatalf("once verified: %q, %v", r, err)
	}
	if r, err := s.EventRole(ctx, other.ID, u.ID); err != nil || r != team.Gestao {
		t.Fatalf("once verified, the other event: %q, %v", r, err)
	}
	if evs, err := s.StaffEvents(ctx, u.ID); err != nil || len(evs) != 2 {
		t.Fatalf("once verified, staff events: %+v, %v", evs, err)
	}
	got, err = s.StaffMember(ctx, e.ID, inv.ID)
	if err != nil || got.UserID != u.ID || got.DisplayName != u.DisplayName || !got.Verified {
		t.Fatalf("the invitation became the account's membership: %+v, %v", got, err)
	}
}

func testStaffRemoval(t *testing.T, s store.Store) {
	ctx := context.Background()
	e := create(t, s, sampleEvent("Corrida Removida", event.NewDate(2026, time.May, 3), "Recife", "PE"))
	mustCreateVerifiedUser(t, s, "u-ana", "ana@example.com")
	m := addStaff(t, s, e.ID, "ana@example.com", team.Gestao, staffT0)
	addStaff(t, s, e.ID, "pendente@example.com", team.Retirada, staffT0)
	if err := s.RemoveStaff(ctx, e.ID, m.ID); err != nil {
		t.Fatal(err)
	}
	if r, _ := s.EventRole(ctx, e.ID, "u-ana"); r != "" {
		t.Fatalf("a removed member keeps role %q", r)
	}
	if err := s.RemoveStaff(ctx, e.ID, m.ID); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("removing twice: %v, want ErrNotFound", err)
	}
	// Invited again after removal: allowed.
	addStaff(t, s, e.ID, "ana@example.com", team.Retirada, staffT0)
	if err := s.DeleteEvent(ctx, e.ID); err != nil {
		t.Fatal(err)
	}
	if list, err := s.Staff(ctx, e.ID); err != nil || len(list) != 0 {
		t.Fatalf("a deleted event's team: %+v, %v", list, err)
	}
	if evs, err := s.StaffEvents(ctx, "u-ana"); err != nil || len(evs) != 0 {
		t.Fatalf("ana still works on a deleted event: %+v, %v", evs, err)
	}
	// The pending invitation went with the event: signing up now gives no membership.
	mustCreateVerifiedUser(t, s, "u-pendente", "pendente@example.com")
	if evs, _ := s.StaffEvents(ctx, "u-pendente"); len(evs) != 0 {
		t.Fatalf("an invitation outlived its event: %+v", evs)
	}
}
