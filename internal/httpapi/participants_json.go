package httpapi

import (
	"bytes"
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

// participantsJSON keeps each participant's JSON as a role sees it, by id and rev, so that the
// pages of a list asked again and again (every keystroke of a search, many staff at once) are
// put together from bytes instead of encoded anew: encoding a page of 50 took most of its
// answer's time. A participant's rev moves with every change to it, so an entry never goes stale;
// entries of older revs are dropped with the rest once participantJSONMax is passed.
type participantsJSON struct {
	encoded sync.Map // participantKey → []byte
	count   atomic.Int64
}

type participantKey struct {
	id   string
	rev  int64
	full bool // the unmasked document (team.SeesFullDocument)
}

// of is p's JSON for role.
func (c *participantsJSON) of(p participant.Participant, role team.Role) ([]byte, error) {
	key := participantKey{p.ID, p.Rev, team.SeesFullDocument(role)}
	if b, ok := c.encoded.Load(key); ok {
		return b.([]byte), nil
	}
	b, err := json.Marshal(forRole(p, role))
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

// writePage writes {"nextCursor":…,"participants":[…],"total":n}, as writeJSON would the map.
func (c *participantsJSON) writePage(w http.ResponseWriter, page store.ParticipantPage, role team.Role) error {
	var buf bytes.Buffer
	buf.WriteString(`{"nextCursor":`)
	if page.NextCursor == "" {
		buf.WriteString("null")
	} else {
		next, _ := json.Marshal(page.NextCursor)
		buf.Write(next)
	}
	buf.WriteString(`,"participants":[`)
	for i, p := range page.Participants {
		b, err := c.of(p, role)
		if err != nil {
			return err
		}
		if i > 0 {
			buf.WriteByte(',')
		}
		buf.Write(b)
	}
	buf.WriteString(`],"total":`)
	buf.WriteString(strconv.Itoa(page.Total))
	buf.WriteString("}\n")
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(buf.Bytes()) // a client gone away is not the server's error
	return nil
}
