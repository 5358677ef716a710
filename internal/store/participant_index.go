package store

import (
	"cmp"
	"slices"
	"sort"
	"sync"

	"pelotao/internal/participant"
)

// TermIndex is an event's search terms in memory: a search over 30,000 participants answers
// from it in well under a millisecond, where the database spends several sorting and
// intersecting the terms' rows. It is built from the terms table and kept while the event's
// search version (which every import that writes participants moves) stays the same, so that
// all instances answer from what the database holds.
type TermIndex struct {
	version int64
	terms   []string // sorted
	ranks   []int32  // ranks[i]: the participant of terms[i], as its place in name order
	ids     []string // by rank
	keys    []string // nome_ordem by rank
}

// TermRow is one row of the terms table.
type TermRow struct{ Term, NomeOrdem, ParticipantID string }

// NewTermIndex builds the index of rows, which may come in any order.
func NewTermIndex(version int64, rows []TermRow) *TermIndex {
	x := &TermIndex{version: version}
	type person struct{ key, id string }
	seen := map[string]bool{}
	var people []person
	for _, r := range rows {
		if !seen[r.ParticipantID] {
			seen[r.ParticipantID] = true
			people = append(people, person{r.NomeOrdem, r.ParticipantID})
		}
	}
	slices.SortFunc(people, func(a, b person) int { return cmp.Or(cmp.Compare(a.key, b.key), cmp.Compare(a.id, b.id)) })
	rank := make(map[string]int32, len(people))
	x.ids, x.keys = make([]string, len(people)), make([]string, len(people))
	for i, p := range people {
		rank[p.id], x.ids[i], x.keys[i] = int32(i), p.id, p.key
	}
	slices.SortFunc(rows, func(a, b TermRow) int { return cmp.Compare(a.Term, b.Term) })
	x.terms, x.ranks = make([]string, len(rows)), make([]int32, len(rows))
	for i, r := range rows {
		x.terms[i], x.ranks[i] = r.Term, rank[r.ParticipantID]
	}
	return x
}

// Len is the number of participants in the index.
func (x *TermIndex) Len() int { return len(x.ids) }

// Search returns, in name order, the ids and sort keys of the participants having every term
// (as a prefix of one of theirs) after the cursor (afterKey, afterID; empty for the first
// page), at most limit of them, and how many participants match in all.
func (x *TermIndex) Search(terms []string, afterKey, afterID string, limit int) (ids, keys []string, total int) {
	var match []uint64
	for n, t := range terms {
		set := make([]uint64, (len(x.ids)+63)/64)
		lo := sort.SearchStrings(x.terms, t)
		hi := lo + sort.SearchStrings(x.terms[lo:], t+"\uffff")
		for _, r := range x.ranks[lo:hi] {
			set[r/64] |= 1 << (r % 64)
		}
		if n == 0 {
			match = set
			continue
		}
		for i := range match {
			match[i] &= set[i]
		}
	}
	start := 0
	if afterID != "" {
		start = sort.Search(len(x.ids), func(i int) bool {
			return cmp.Or(cmp.Compare(x.keys[i], afterKey), cmp.Compare(x.ids[i], afterID)) > 0
		})
	}
	for r := range x.ids {
		if match[r/64]&(1<<(r%64)) == 0 {
			continue
		}
		total++
		if r >= start && len(ids) < limit {
			ids, keys = append(ids, x.ids[r]), append(keys, x.keys[r])
		}
	}
	return ids, keys, total
}

// TermIndexes keeps the indexes of the events searched lately, at most maxTermIndexes.
type TermIndexes struct {
	mu sync.Mutex
	m  map[string]*TermIndex
}

const maxTermIndexes = 16

// Get returns eventID's index at version, loading its rows when the one kept is of another
// version (or there is none).
func (c *TermIndexes) Get(eventID string, version int64, load func() ([]TermRow, error)) (*TermIndex, error) {
	c.mu.Lock()
	x := c.m[eventID]
	c.mu.Unlock()
	if x != nil && x.version == version {
		return x, nil
	}
	rows, err := load()
	if err != nil {
		return nil, err
	}
	x = NewTermIndex(version, rows)
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil {
		c.m = map[string]*TermIndex{}
	}
	if _, kept := c.m[eventID]; !kept && len(c.m) >= maxTermIndexes {
		for id := range c.m { // any one: the events searched at once are few
			delete(c.m, id)
			break
		}
	}
	c.m[eventID] = x
	return x, nil
}

// IndexedSearch reports whether q is answered from a TermIndex (a search without filters on
// the participant's own columns), and its terms.
func IndexedSearch(q ParticipantQuery) ([]string, bool) {
	terms := participant.QueryTerms(q.Q)
	return terms, len(terms) > 0 && q.Percurso == "" && q.KitRetirado == nil && q.Pago == nil
}

// CountFromIndex reports whether q selects every participant of its event, whose number a
// TermIndex has: counting 30,000 rows costs more than the rest of the page.
func CountFromIndex(q ParticipantQuery) bool {
	return len(participant.QueryTerms(q.Q)) == 0 && q.Percurso == "" && q.KitRetirado == nil && q.Pago == nil
}

// PageFromIndex answers q from x: fetch reads the page's participants by id (in any order).
func PageFromIndex(x *TermIndex, q ParticipantQuery, terms []string, fetch func(ids []string) ([]participant.Participant, error)) (ParticipantPage, error) {
	var afterKey, afterID string
	if q.Cursor != "" {
		var err error
		if afterKey, afterID, err = decodeParticipantCursor(q.Cursor); err != nil {
			return ParticipantPage{}, err
		}
	}
	limit := q.Limit
	switch {
	case limit <= 0:
		limit = DefaultParticipantLimit
	case limit > MaxParticipantLimit:
		limit = MaxParticipantLimit
	}
	ids, keys, total := x.Search(terms, afterKey, afterID, limit+1)
	list := []participant.Participant{}
	if len(ids) > 0 {
		got, err := fetch(ids)
		if err != nil {
			return ParticipantPage{}, err
		}
		byID := make(map[string]participant.Participant, len(got))
		for _, p := range got {
			byID[p.ID] = p
		}
		// A participant the index has and the database no longer had (an event deleted
		// meanwhile) is left out.
		kept := keys[:0]
		for i, id := range ids {
			if p, ok := byID[id]; ok {
				list, kept = append(list, p), append(kept, keys[i])
			}
		}
		keys = kept
	}
	return ParticipantPageFrom(list, keys, limit, total), nil
}
