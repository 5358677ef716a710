package readmodel

import (
	"cmp"
	"context"
	"encoding/base64"
	"slices"
	"sort"
	"strings"
	"sync"

	"pelotao/internal/participant"
	"pelotao/internal/store"
)

// Roster is an event's participants in memory, in name order, with their search terms: a page
// of the list, searched and filtered over 30,000 participants, is answered from it in well under
// a millisecond, where a database spends several intersecting terms and reading rows.
//
// A roster holds every participant up to Rev. It is never changed once made: a newer one
// replaces it, so readers need no lock.
type Roster struct {
	rev    int64
	people []*participant.Participant // name order
	keys   []string                   // keys[i]: people[i]'s participant.SortKey
	pos    map[string]int32           // participant id → index in people
	terms  []string                   // every participant's search terms, sorted
	owners []int32                    // owners[i]: the index in people of terms[i]'s participant
	groups map[string]bitSet          // a group's id → its participants (GRP-47); never changed once made
}

// newRoster makes the roster of list (in any order), holding every change up to rev.
func newRoster(rev int64, list []*participant.Participant) *Roster {
	r := &Roster{rev: rev, people: list, keys: make([]string, len(list)), pos: make(map[string]int32, len(list))}
	for i, p := range list {
		r.keys[i] = participant.SortKey(*p)
	}
	order := make([]int, len(list))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int {
		return cmp.Or(cmp.Compare(r.keys[a], r.keys[b]), cmp.Compare(list[a].ID, list[b].ID))
	})
	people, keys := make([]*participant.Participant, len(list)), make([]string, len(list))
	r.groups = map[string]bitSet{}
	type term struct {
		t     string
		owner int32
	}
	var all []term
	for i, o := range order {
		people[i], keys[i] = list[o], r.keys[o]
		r.pos[list[o].ID] = int32(i)
		if g := list[o].GrupoID; g != "" {
			if r.groups[g] == nil {
				r.groups[g] = newBitSet(len(list))
			}
			r.groups[g].add(int32(i))
		}
		for _, t := range participant.SearchTerms(*list[o]) {
			all = append(all, term{t, int32(i)})
		}
	}
	r.people, r.keys = people, keys
	slices.SortFunc(all, func(a, b term) int { return cmp.Compare(a.t, b.t) })
	r.terms, r.owners = make([]string, len(all)), make([]int32, len(all))
	for i, t := range all {
		r.terms[i], r.owners[i] = t.t, t.owner
	}
	return r
}

// with is r after the changes in changed (rows with a rev above r's, in rev order), or false
// when one of them is a participant r lacks: an import added participants, and the whole
// roster is read again (which also forgets what an event deleted and created again with the
// same id left). A removal drops its participant (and rebuilds). A change that leaves every participant's place, search terms and group as they
// were (a kit pickup, a payment, a group's new name) replaces the participant alone; one that does not (an import's
// update) rebuilds the roster from what it holds.
func (r *Roster) with(changed []participant.Participant) (*Roster, bool) {
	if len(changed) == 0 {
		return r, true
	}
	next := &Roster{rev: changed[len(changed)-1].Rev, people: slices.Clone(r.people), keys: r.keys, pos: r.pos,
		terms: r.terms, owners: r.owners, groups: r.groups}
	rebuild := false
	removed := map[string]bool{}
	for i := range changed {
		p := &changed[i]
		at, ok := r.pos[p.ID]
		if p.Removido {
			removed[p.ID], rebuild = ok, rebuild || ok
			continue
		}
		if !ok || removed[p.ID] {
			return nil, false
		}
		old := next.people[at]
		next.people[at] = p
		if !rebuild && (participant.SortKey(*p) != r.keys[at] || p.GrupoID != old.GrupoID ||
			!slices.Equal(participant.SearchTerms(*p), participant.SearchTerms(*old))) {
			rebuild = true
		}
	}
	if rebuild {
		people := slices.DeleteFunc(next.people, func(p *participant.Participant) bool { return removed[p.ID] })
		return newRoster(next.rev, people), true
	}
	return next, true
}

// Len is the number of participants in the roster.
func (r *Roster) Len() int { return len(r.people) }

// Page answers q: the participants having every term of its search (as the start of one of
// theirs), or the registration code it is, and its filters, in name order, after its cursor.
func (r *Roster) Page(q store.ParticipantQuery) (store.ParticipantPage, error) {
	limit := store.PageLimit(q.Limit)
	start := 0
	if q.Cursor != "" {
		afterKey, afterID, err := decodeParticipantCursor(q.Cursor)
		if err != nil {
			return store.ParticipantPage{}, err
		}
		start = sort.Search(len(r.people), func(i int) bool {
			return cmp.Or(cmp.Compare(r.keys[i], afterKey), cmp.Compare(r.people[i].ID, afterID)) > 0
		})
	}
	page := store.ParticipantPage{Participants: make([]*participant.Participant, 0, min(limit, len(r.people)))}
	add := func(i int) bool { // false when the page is full
		if len(page.Participants) == limit {
			last := page.Participants[limit-1]
			page.NextCursor = encodeParticipantCursor(participant.SortKey(*last), last.ID)
			return false
		}
		page.Participants = append(page.Participants, r.people[i])
		return true
	}
	filtered := q.Percurso != "" || q.KitRetirado != nil || q.Pago != nil
	var match bitSet // a bit per participant; nil: everyone
	if terms := participant.QueryTerms(q.Q); len(terms) > 0 {
		match = r.matching(terms)
		// A registration code may also read as words ("carla neves"): what either finds is found.
		if c := participant.QueryCodigo(q.Q); c != "" {
			match.or(r.matching([]string{c}))
		}
	}
	if q.Grupo != "" { // a group's participants are kept as a set: none read to find them
		members, ok := r.groups[q.Grupo]
		switch {
		case !ok:
			match = newBitSet(len(r.people))
		case match == nil:
			match = members // only read
		default:
			match.and(members)
		}
	}
	switch {
	case filtered: // every candidate is read
		full := false
		each := func(i int) {
			p := r.people[i]
			if q.Percurso != "" && p.Percurso != q.Percurso ||
				q.KitRetirado != nil && (p.KitRetirado != nil) != *q.KitRetirado ||
				q.Pago != nil && p.Pago != *q.Pago {
				return
			}
			page.Total++
			if i >= start && !full {
				full = !add(i)
			}
		}
		if match == nil {
			for i := range r.people {
				each(i)
			}
		}
		match.each(0, func(i int) bool { each(i); return true })
	case match == nil: // everyone: only the page is read
		page.Total = len(r.people)
		for i := start; i < len(r.people); i++ {
			if !add(i) {
				break
			}
		}
	default: // counted without reading, then the page read from the cursor
		page.Total = match.count()
		match.each(start, add)
	}
	return page, nil
}

// matching is the set (a bit per index in people) of the participants having every term, as
// the start of one of theirs.
func (r *Roster) matching(terms []string) bitSet {
	var match bitSet
	for n, t := range terms {
		set := newBitSet(len(r.people))
		lo := sort.SearchStrings(r.terms, t)
		hi := lo + sort.SearchStrings(r.terms[lo:], t+"\uffff")
		for _, o := range r.owners[lo:hi] {
			set.add(o)
		}
		if n == 0 {
			match = set
			continue
		}
		match.and(set)
	}
	return match
}

// Rosters keeps the rosters of the events listed lately, of at most maxRosterParticipants
// participants in all (a 30,000-participant roster takes about 20 MB).
type Rosters struct {
	kept    lately[*Roster]
	loading sync.Mutex // one load at a time: fifty clients arriving together load it once
}

const maxRosterParticipants = 200_000

// RosterChanges reads an event's participants changed after rev since (every one for 0), in
// rev order: the kit desk's roster query.
type RosterChanges func(ctx context.Context, eventID string, since int64) ([]participant.Participant, int64, error)

// Get returns eventID's roster holding every change up to rev (the highest rev of its
// participants in the database; 0 when it has none), reading from the database only what
// changed since the roster kept.
func (c *Rosters) Get(ctx context.Context, eventID string, rev int64, changes RosterChanges) (*Roster, error) {
	if rev == 0 { // no participants (or the event was deleted)
		c.kept.drop(eventID)
		return newRoster(0, nil), nil
	}
	if r, ok := c.kept.get(eventID); ok && r.rev >= rev {
		return r, nil
	}
	c.loading.Lock()
	defer c.loading.Unlock()
	r, ok := c.kept.get(eventID)
	if ok && r.rev >= rev { // loaded while this one waited
		return r, nil
	}
	if ok {
		changed, _, err := changes(ctx, eventID, r.rev)
		if err != nil {
			return nil, err
		}
		if next, ok := r.with(changed); ok {
			c.kept.keep(eventID, next, maxRosterParticipants)
			return next, nil
		}
	}
	list, last, err := changes(ctx, eventID, 0)
	if err != nil {
		return nil, err
	}
	people := make([]*participant.Participant, len(list))
	for i := range list {
		people[i] = &list[i]
	}
	r = newRoster(last, people)
	c.kept.keep(eventID, r, maxRosterParticipants)
	return r, nil
}

// participantCursor is the position after which a page starts: the last (nome_ordem, id).
func encodeParticipantCursor(sortKey, id string) string {
	return base64.RawURLEncoding.EncodeToString([]byte(sortKey + "\x00" + id))
}

func decodeParticipantCursor(s string) (string, string, error) {
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return "", "", store.ErrBadCursor
	}
	key, id, ok := strings.Cut(string(b), "\x00")
	if !ok || id == "" {
		return "", "", store.ErrBadCursor
	}
	return key, id, nil
}
