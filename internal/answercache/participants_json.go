package answercache

import (
	"encoding/json"
	"net/http"

	"pelotao/internal/participant"
	"pelotao/internal/store"
	"pelotao/internal/team"
)

// participantJSONMax bounds the participants kept encoded: a page shows 50, an organizer pages
// through a few hundred, and 30,000 of them take about 15 MB.
const participantJSONMax = 60_000

// ParticipantsJSON keeps each participant's JSON as a role sees it, by id and rev
// (encodedJSON): the pages of a list asked again and again (every keystroke of a search, many
// staff at once) are put together from bytes. A participant's rev moves with every change to it.
type ParticipantsJSON struct {
	kept encodedJSON[participantKey]
}

// participantKey tells apart what each view of a participant shows: a role that sees the full
// document, or payments, is never answered the bytes kept for one that does not, nor the
// reverse (REG-211).
type participantKey struct {
	id       string
	rev      int64
	full     bool // the unmasked document (team.SeesFullDocument)
	payments bool // the amount paid (team.SeesPayments)
}

// of is p's JSON for role.
func (c *ParticipantsJSON) of(p participant.Participant, role team.Role) ([]byte, error) {
	// No rev: nothing tells its versions apart.
	key := participantKey{id: p.ID, rev: p.Rev, full: team.SeesFullDocument(role), payments: team.SeesPayments(role)}
	return c.kept.of(key, p.Rev != 0, participantJSONMax,
		func() any { return participant.ForRole(p, role) })
}

// WritePage writes {"nextCursor":…,"participants":[…],"total":n}, as api.WriteJSON
// would the map, straight from the kept bytes.
func (c *ParticipantsJSON) WritePage(w http.ResponseWriter, page store.ParticipantPage, role team.Role) error {
	next := []byte("null")
	if page.NextCursor != "" {
		next, _ = json.Marshal(page.NextCursor)
	}
	return writePage(w, next, "participants", page.Total, len(page.Participants), func(body []byte, i int) ([]byte, error) {
		b, err := c.of(*page.Participants[i], role)
		return append(body, b...), err
	})
}
