// Package team is who works on an event and what each role may do (docs/product.md §10, "Who does what"):
// the owner (the account that created the event), managers (gestao) and kit-desk staff (retirada).
package team

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

// Invitable reports whether r is a role someone can be invited to (the owner is not invited).
func (r Role) Invitable() bool { return r == Gestao || r == Retirada }

// CanManage reports whether someone with role by may invite to, or remove from, the team a
// member with role member: the owner manages everyone; a manager only the kit desk.
func CanManage(by, member Role) bool {
	switch by {
	case Owner:
		return member.Invitable()
	case Gestao:
		return member == Retirada
	}
	return false
}

// SeesFullDocument reports whether role r sees participants' CPFs unmasked (LGPD: the kit desk
// needs only enough digits to tell two namesakes apart).
func SeesFullDocument(r Role) bool { return r == Owner || r == Gestao }
