package httpapi

import (
	"context"
	"encoding/json"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"pelotao/internal/event"
	"pelotao/internal/results"
	"pelotao/internal/store"
)

// resultsCacheBytes bounds the memory the results tables take: a 30,000-line set is about
// 12 MB; the least recently used sets leave first.
const resultsCacheBytes = 96 << 20

// maxCachedLines is the largest set kept in memory: beyond the 30,000 athletes the product is
// made for, a set is served by the database's own queries.
const maxCachedLines = 40_000

// resultsCache keeps whole result sets in memory, so that a page of a 30,000-line table,
// searched and filtered, is answered in well under a millisecond instead of by a scan of the
// set in the database for every request (and its count). An entry is keyed by set id and
// valid for the set's ImportedAt, which the handler reads from the database on every request:
// a re-import, on this instance or another, is seen at once.
type resultsCache struct {
	mu      sync.Mutex
	entries map[string]*cachedSet
	bytes   int
	clock   func() time.Time
}

type cachedSet struct {
	importedAt time.Time
	ready      chan struct{} // closed once lines are loaded (or failed)
	err        error
	lastUse    time.Time
	size       int
	lines      []cachedLine
	// search holds every line's folded search text, each followed by '\n'; starts[i] is where
	// line i's text begins.
	search string
	starts []int
	// trigrams lists, for each three bytes of the texts, the lines that have them, in order:
	// a search reads the lines its words' trigrams share instead of every line. bySexo and
	// byCategoria list the lines of each sex and category the same way.
	trigrams            map[uint32][]int32
	bySexo, byCategoria map[string][]int32
}

type cachedLine struct {
	ordem           int
	sexo, categoria string
	doc             json.RawMessage
}

func newResultsCache() *resultsCache {
	return &resultsCache{entries: map[string]*cachedSet{}, clock: time.Now}
}

// page answers q over set from memory; ok is false when the set is too large to keep, and the
// caller asks the database.
func (c *resultsCache) page(ctx context.Context, st store.ResultStore, set results.Set, q store.ResultQuery) (store.ResultPage, bool, error) {
	cs, ok, err := c.get(ctx, st, set)
	if !ok || err != nil {
		return store.ResultPage{}, ok, err
	}
	after := 0
	if q.Cursor != "" {
		after, err = strconv.Atoi(q.Cursor)
		if err != nil || after < 1 {
			return store.ResultPage{}, true, store.ErrBadCursor
		}
	}
	limit := q.ResultLimit()
	p := store.ResultPage{Results: make([]json.RawMessage, 0, limit)}
	if q.Q == "" && q.Sexo == "" && q.Categoria == "" {
		// The whole table: its length is the total, the cursor a binary search.
		p.Total = len(cs.lines)
		start := sort.Search(len(cs.lines), func(i int) bool { return cs.lines[i].ordem > after })
		end := min(start+limit, len(cs.lines))
		for _, l := range cs.lines[start:end] {
			p.Results = append(p.Results, l.doc)
		}
		if end < len(cs.lines) {
			p.NextCursor = strconv.Itoa(cs.lines[end-1].ordem)
		}
		return p, true, nil
	}
	last := int32(-1) // the page's last line
	cs.each(q, func(i int32) {
		l := &cs.lines[i]
		p.Total++
		switch {
		case l.ordem <= after:
		case len(p.Results) < limit:
			p.Results, last = append(p.Results, l.doc), i
		case p.NextCursor == "":
			p.NextCursor = strconv.Itoa(cs.lines[last].ordem)
		}
	})
	return p, true, nil
}

// each calls fn with the index of every line q selects, in order.
func (cs *cachedSet) each(q store.ResultQuery, fn func(i int32)) {
	selected := func(i int32) bool {
		l := &cs.lines[i]
		return (q.Sexo == "" || l.sexo == q.Sexo) && (q.Categoria == "" || l.categoria == q.Categoria)
	}
	terms := event.SearchTerms(q.Q)
	for _, i := range cs.candidates(terms, q) {
		if selected(i) && containsAll(cs.text(i), terms) {
			fn(i)
		}
	}
}

// candidates are the lines that have every trigram of the words and the sex and category
// asked for: the lines that may match, in order. With neither, every line is a candidate.
func (cs *cachedSet) candidates(terms []string, q store.ResultQuery) []int32 {
	var lists [][]int32
	if q.Sexo != "" {
		lists = append(lists, cs.bySexo[q.Sexo])
	}
	if q.Categoria != "" {
		lists = append(lists, cs.byCategoria[q.Categoria])
	}
	for _, t := range terms {
		for k := 0; k+3 <= len(t); k++ {
			lists = append(lists, cs.trigrams[trigram(t[k:])])
		}
	}
	if len(lists) == 0 {
		all := make([]int32, len(cs.lines))
		for i := range all {
			all[i] = int32(i)
		}
		return all
	}
	slices.SortFunc(lists, func(a, b []int32) int { return len(a) - len(b) })
	out := slices.Clone(lists[0])
	for _, l := range lists[1:] {
		out = intersect(out, l)
		if len(out) == 0 {
			break
		}
	}
	return out
}

// intersect keeps the items of a (sorted) that are in b (sorted), in place.
func intersect(a, b []int32) []int32 {
	out, j := a[:0], 0
	for _, x := range a {
		for j < len(b) && b[j] < x {
			j++
		}
		if j < len(b) && b[j] == x {
			out = append(out, x)
		}
	}
	return out
}

func trigram(s string) uint32 { return uint32(s[0])<<16 | uint32(s[1])<<8 | uint32(s[2]) }

// text is line i's search text.
func (cs *cachedSet) text(i int32) string {
	return cs.search[cs.starts[i] : cs.starts[i]+cs.lineLen(int(i))]
}

func containsAll(text string, terms []string) bool {
	for _, t := range terms {
		if !strings.Contains(text, t) {
			return false
		}
	}
	return true
}

// lineLen is the length of line i's search text, its '\n' included.
func (cs *cachedSet) lineLen(i int) int {
	if i+1 < len(cs.starts) {
		return cs.starts[i+1] - cs.starts[i]
	}
	return len(cs.search) - cs.starts[i]
}

// get returns the set's entry, loading it once however many requests ask at the same time.
func (c *resultsCache) get(ctx context.Context, st store.ResultStore, set results.Set) (*cachedSet, bool, error) {
	if set.Total > maxCachedLines {
		return nil, false, nil
	}
	c.mu.Lock()
	cs := c.entries[set.ID]
	if cs == nil || !cs.importedAt.Equal(set.ImportedAt) {
		if cs != nil {
			c.bytes -= cs.size
		}
		cs = &cachedSet{importedAt: set.ImportedAt, ready: make(chan struct{})}
		c.entries[set.ID] = cs
		c.mu.Unlock()
		c.load(ctx, st, set.ID, cs)
		c.mu.Lock()
	}
	cs.lastUse = c.clock()
	c.mu.Unlock()
	select {
	case <-cs.ready:
	case <-ctx.Done():
		return nil, true, ctx.Err()
	}
	if cs.err != nil {
		return nil, true, cs.err
	}
	return cs, true, nil
}

func (c *resultsCache) load(ctx context.Context, st store.ResultStore, setID string, cs *cachedSet) {
	defer close(cs.ready)
	rows, err := st.ResultLines(context.WithoutCancel(ctx), setID)
	if err != nil {
		cs.err = err
		c.mu.Lock()
		if c.entries[setID] == cs {
			delete(c.entries, setID) // the next request tries again
		}
		c.mu.Unlock()
		return
	}
	var b strings.Builder
	cs.lines = make([]cachedLine, len(rows))
	cs.starts = make([]int, len(rows))
	cs.trigrams, cs.bySexo, cs.byCategoria = map[uint32][]int32{}, map[string][]int32{}, map[string][]int32{}
	for i, r := range rows {
		cs.lines[i] = cachedLine{ordem: r.Ordem, sexo: r.Sexo, categoria: r.Categoria, doc: r.Doc}
		cs.bySexo[r.Sexo] = append(cs.bySexo[r.Sexo], int32(i))
		cs.byCategoria[r.Categoria] = append(cs.byCategoria[r.Categoria], int32(i))
		cs.size += 8
		cs.starts[i] = b.Len()
		b.WriteString(r.Search)
		b.WriteByte('\n')
		for k := 0; k+3 <= len(r.Search); k++ {
			list := cs.trigrams[trigram(r.Search[k:])]
			if n := len(list); n == 0 || list[n-1] != int32(i) {
				cs.trigrams[trigram(r.Search[k:])] = append(list, int32(i))
				cs.size += 4
			}
		}
		cs.size += len(r.Doc) + len(r.Search) + 64
	}
	cs.search = b.String()
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries[setID] != cs {
		return // replaced meanwhile; the newer entry counts itself
	}
	c.bytes += cs.size
	c.evict(setID)
}

// evict drops the least recently used sets until the cache fits its bound, keeping keep.
func (c *resultsCache) evict(keep string) {
	for c.bytes > resultsCacheBytes {
		var oldest string
		for id, cs := range c.entries {
			if id == keep || cs.size == 0 {
				continue
			}
			if oldest == "" || cs.lastUse.Before(c.entries[oldest].lastUse) {
				oldest = id
			}
		}
		if oldest == "" {
			return
		}
		c.bytes -= c.entries[oldest].size
		delete(c.entries, oldest)
	}
}
