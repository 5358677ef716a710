package team

import "testing"

func TestCanManage(t *testing.T) {
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
}

func TestInvitableAndDocument(t *testing.T) {
	for r, want := range map[Role]bool{Owner: false, Gestao: true, Retirada: true, "admin": false, "": false} {
		if r.Invitable() != want {
			t.Errorf("%q.Invitable() = %v", r, !want)
		}
	}
	for r, want := range map[Role]bool{Owner: true, Gestao: true, Retirada: false, "": false} {
		if SeesFullDocument(r) != want {
			t.Errorf("SeesFullDocument(%q) = %v", r, !want)
		}
	}
}
