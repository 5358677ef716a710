package cache

import (
	"encoding/json"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"

	"pelotao/internal/participant"
	"pelotao/internal/store"
	"pelotao/internal/team"
)

// participantJSONMax bounds the participants kept encoded: a page shows 50, an organizer pages
// through a few hundred, and 30,000 of them take about 15 MB.
const participantJSONMax = 60_000

// ParticipantsJSON keeps each participant's JSON as a role sees it, by id and rev, so that the
// pages of a list asked again and again (every keystroke of a search, many staff at once) are
// put together from bytes instead of encoded anew: encoding a page of 50 took most of its
// answer's time. A participant's rev moves with every change to it, so an entry never goes stale;
// entries of older revs are dropped with the rest once participantJSONMax is passed.
type ParticipantsJSON struct {
	encoded sync.Map // participantKey → []byte
	count   atomic.Int64
}

type participantKey struct {
	id   string
	rev  int64
	full bool // the unmasked document (team.SeesFullDocument)
}

// of is p's JSON for role.
func (c *ParticipantsJSON) of(p participant.Participant, role team.Role) ([]byte, error) {
	key := participantKey{p.ID, p.Rev, team.SeesFullDocument(role)}
	if b, ok := c.encoded.Load(key); ok {
		return b.([]byte), nil
	}
	b, err := json.Marshal(participant.ForRole(p, role))
	if err != nil || p.Rev == 0 { // no rev: nothing tells its versions apart
		return b, err
	}
	if c.count.Add(1) > participantJSONMax {
		c.encoded.Clear()
		c.count.Store(1)
	}
	c.encoded.Store(key, b)
	return b, nil
}

// WritePage writes {"nextCursor":…,"participants":[…],"total":n}, as api.WriteJSON
// would the map, straight from the kept bytes (a page is tens of KB: copying it into one more
// buffer per request was most of what the list allocated).
func (c *ParticipantsJSON) WritePage(w http.ResponseWriter, page store.ParticipantPage, role team.Role) error {
	next := []byte("null")
	if page.NextCursor != "" {
		next, _ = json.Marshal(page.NextCursor)
	}
	head := append(append([]byte(`{"nextCursor":`), next...), `,"participants":[`...)
	tail := strconv.AppendInt([]byte(`],"total":`), int64(page.Total), 10)
	tail = append(tail, "}\n"...)
	docs := make([][]byte, len(page.Participants))
	size := len(head) + len(tail) + max(len(docs)-1, 0) // the commas
	for i, p := range page.Participants {
		b, err := c.of(*p, role)
		if err != nil {
			return err
		}
		docs[i], size = b, size+len(b)
	}
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Length", strconv.Itoa(size))
	w.WriteHeader(http.StatusOK)
	// A client gone away is not the server's error: the writes' errors are left.
	_, _ = w.Write(head)
	for i, b := range docs {
		if i > 0 {
			_, _ = w.Write(comma)
		}
		_, _ = w.Write(b)
	}
	_, _ = w.Write(tail)
	return nil
}

var comma = []byte{','}
