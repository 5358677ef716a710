package team

import (
	"encoding/json"
	"os"
	"slices"
	"testing"
)

// The table the web app's tests run too (web/src/lib/team/staff.test.ts).
func TestCanFollowsTheSharedCases(t *testing.T) {
	raw, err := os.ReadFile("testdata/can_cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		Role   Role
		Action Action
		Want   bool
	}
	if err := json.Unmarshal(raw, &cases); err != nil || len(cases) == 0 {
		t.Fatalf("cases: %d %v", len(cases), err)
	}
	for _, c := range cases {
		if got := Can(c.Role, c.Action); got != c.Want {
			t.Errorf("Can(%q, %q) = %v, want %v", c.Role, c.Action, got, c.Want)
		}
	}
}

func TestInvitationAndDocumentRights(t *testing.T) {
	for r, want := range map[Role]bool{Owner: false, Gestao: true, Retirada: true, "admin": false, "": false} {
		if r.Invitable() != want {
			t.Errorf("%q.Invitable() = %v", r, !want)
		}
	}
	cases := []struct {
		by, member Role
		want       bool
	}{
		{Owner, Gestao, true}, {Owner, Retirada, true}, {Owner, Owner, false},
		{Gestao, Retirada, true}, {Gestao, Gestao, false}, {Gestao, Owner, false},
		{Retirada, Retirada, false}, {Retirada, Gestao, false},
		{"", Retirada, false}, {Owner, "chefe", false},
	}
	for _, c := range cases {
		if got := CanManage(c.by, c.member); got != c.want {
			t.Errorf("CanManage(%q, %q) = %v, want %v", c.by, c.member, got, c.want)
		}
	}
	for r, want := range map[Role]bool{Owner: true, Gestao: true, Retirada: false, "": false} {
		if SeesFullDocument(r) != want {
			t.Errorf("SeesFullDocument(%q) = %v", r, !want)
		}
	}
	if got := With(Manage); !slices.Equal(got, []Role{Owner, Gestao}) {
		t.Errorf("With(Manage) = %v", got)
	}
	if RosterDaysAfter != 7 {
		t.Errorf("RosterDaysAfter = %d", RosterDaysAfter)
	}
}

// roles.json names only the roles Go knows, and every right of a role a known action.
func TestRolesFileIsConsistent(t *testing.T) {
	known := []Role{Owner, Gestao, Retirada}
	if !slices.Equal(rules.Roles, known) {
		t.Fatalf("roles.json roles = %v, want %v", rules.Roles, known)
	}
	for r, rights := range rules.Rights {
		if !slices.Contains(known, r) {
			t.Errorf("rights for unknown role %q", r)
		}
		for _, a := range rights {
			switch {
			case a == Manage, a == UndoPickup, a == FullDocument:
			case len(a) > 4 && a[:4] == "tab:":
			case slices.ContainsFunc(known, func(m Role) bool { return a == Invite(m) }):
			default:
				t.Errorf("%s: unknown action %q", r, a)
			}
		}
	}
}
