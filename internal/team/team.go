// Package team is who works on an event and what each role may do (docs/product.md §10, "Who does what"):
// the owner (the account that created the event), managers (gestao) and kit-desk staff (retirada).
// The rights live in roles.json, which the web app reads too (web/src/lib/team/staff.ts), so that the
// browser shows each role what the server lets it do.
package team

import (
	_ "embed"
	"encoding/json"
)

// Role is a person's role on one event.
type Role string

const (
	// Owner created the event: everything, and managing the team.
	Owner Role = "owner"
	// Gestao (manager) imports and exports participants and results, sees full CPFs, undoes pickups.
	Gestao Role = "gestao"
	// Retirada (kit desk) searches participants and records pickups; sees CPFs masked.
	Retirada Role = "retirada"
)

// Action is something a role may be allowed to do on its event (roles.json "rights").
type Action string

const (
	// Manage is the managers' work: importing and exporting participants and results, the kit
	// desk's history, the event's settings.
	Manage Action = "manage"
	// UndoPickup undoes a recorded kit pickup.
	UndoPickup Action = "undoPickup"
	// FullDocument is seeing participants' CPFs unmasked (LGPD: the kit desk needs only enough
	// digits to tell two namesakes apart).
	FullDocument Action = "fullDocument"
	// FinanceTab is the event's Financeiro tab: seeing its money, there and on the organizer panel.
	FinanceTab Action = "tab:financeiro"
)

// Invite is inviting someone to (or removing them from) the team with role member.
func Invite(member Role) Action { return Action("invite:" + member) }

//go:embed roles.json
var rolesJSON []byte

var rules = func() (r struct {
	Roles           []Role
	RosterDaysAfter int
	Rights          map[Role][]Action
}) {
	if err := json.Unmarshal(rolesJSON, &r); err != nil {
		panic("team: roles.json: " + err.Error())
	}
	return r
}()

// RosterDaysAfter is how many days after the event's date its roster is still served and kept
// on the kit desk's devices (LGPD).
var RosterDaysAfter = rules.RosterDaysAfter

// Can reports whether role r may do a.
func Can(r Role, a Action) bool {
	for _, x := range rules.Rights[r] {
		if x == a {
			return true
		}
	}
	return false
}

// With is the roles that may do a, in the order of roles.json.
func With(a Action) []Role {
	var out []Role
	for _, r := range rules.Roles {
		if Can(r, a) {
			out = append(out, r)
		}
	}
	return out
}

// Invitable reports whether r is a role someone can be invited to (the owner is not invited).
func (r Role) Invitable() bool { return len(With(Invite(r))) > 0 }

// CanManage reports whether someone with role by may invite to, or remove from, the team a
// member with role member.
func CanManage(by, member Role) bool { return Can(by, Invite(member)) }

// SeesFullDocument reports whether role r sees participants' CPFs unmasked.
func SeesFullDocument(r Role) bool { return Can(r, FullDocument) }

// SeesPayments reports whether role r sees what was paid: participants' amounts, orders and the
// event's money, which go with the Financeiro tab (the kit desk never sees them, REG-211).
func SeesPayments(r Role) bool { return Can(r, FinanceTab) }
