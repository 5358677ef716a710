package readmodel

import (
	"context"
	"encoding/json"
	"sort"
	"strconv"
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

// maxRecentSets bounds the set rows kept (Results.Set): a row is a few hundred bytes, and the
// tables read within a second are a few dozen sets.
const maxRecentSets = 256

// Results keeps whole result sets in memory, so that a page of a 30,000-line table,
// searched and filtered, is answered in well under a millisecond instead of by a scan of the
// set in the database for every request (and its count). An entry is keyed by set id and
// valid for the set's ImportedAt, which the handler reads from the database on every request:
// a re-import, on this instance or another, is seen at once.
type Results struct {
	mu      sync.Mutex
	entries map[string]*cachedSet
	bytes   int
	clock   func() time.Time
	// sets holds the rows of the sets read lately (Set), by set id, each used for rowsFor.
	sets    map[string]recentSet
	rowsFor time.Duration
}

// recentSet is a set's row as the database had it at read.
type recentSet struct {
	set  results.Set
	read time.Time
}

type cachedSet struct {
	importedAt time.Time
	ready      chan struct{} // closed once lines are loaded (or failed)
	err        error
	lastUse    time.Time
	size       int
	lines      []cachedLine
	index      *lineIndex
}

type cachedLine struct {
	ordem int
	doc   json.RawMessage
}

// NewResults keeps result sets, each set's row read from the database again once it is rowsFor
// old (Set).
func NewResults(rowsFor time.Duration) *Results {
	return &Results{entries: map[string]*cachedSet{}, sets: map[string]recentSet{}, clock: time.Now, rowsFor: rowsFor}
}

// Set returns the event's set setID, read from the database at most rowsFor ago: the pages of a
// table asked together (a searched page at every keystroke, many runners after a race) cost the
// database one read per set in that time, not one each. This instance's writes drop the row at
// once (ForgetSet, ForgetEvent); another instance's re-import shows here once rowsFor has passed.
func (c *Results) Set(ctx context.Context, st store.ResultStore, eventID, setID string) (results.Set, error) {
	now := c.clock()
	c.mu.Lock()
	recent, ok := c.sets[setID]
	c.mu.Unlock()
	if ok && recent.set.EventID == eventID && now.Sub(recent.read) < c.rowsFor {
		return recent.set, nil
	}
	set, err := st.GetResultSet(ctx, eventID, setID)
	if err != nil {
		return set, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.sets) >= maxRecentSets {
		clear(c.sets) // rows are one read each: starting over costs less than tracking their age
	}
	c.sets[setID] = recentSet{set: set, read: now}
	return set, nil
}

// ForgetSet drops the row of a set this instance has just replaced or deleted.
func (c *Results) ForgetSet(setID string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.sets, setID)
}

// ForgetEvent drops the rows of an event's sets, once this instance has deleted the event.
func (c *Results) ForgetEvent(eventID string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for id, recent := range c.sets {
		if recent.set.EventID == eventID {
			delete(c.sets, id)
		}
	}
}

// Page answers q over set from memory; ok is false when the set is too large to keep, and the
// caller asks the database.
func (c *Results) Page(ctx context.Context, st store.ResultStore, set results.Set, q store.ResultQuery) (store.ResultPage, bool, error) {
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
	start := sort.Search(len(cs.lines), func(i int) bool { return cs.lines[i].ordem > after })
	match := cs.index.matching(event.SearchTerms(q.Q), q.Sexo, q.Categoria)
	if match == nil { // the whole table: its length is the total
		p.Total = len(cs.lines)
		end := min(start+limit, len(cs.lines))
		for _, l := range cs.lines[start:end] {
			p.Results = append(p.Results, l.doc)
		}
		if end < len(cs.lines) {
			p.NextCursor = strconv.Itoa(cs.lines[end-1].ordem)
		}
		return p, true, nil
	}
	p.Total = match.count()
	last := -1 // the page's last line
	match.each(start, func(i int) bool {
		if len(p.Results) == limit {
			p.NextCursor = strconv.Itoa(cs.lines[last].ordem)
			return false
		}
		p.Results, last = append(p.Results, cs.lines[i].doc), i
		return true
	})
	return p, true, nil
}

// Docs answers every line of set, in order, as stored, from memory; ok is false when the set is
// too large to keep, and the caller asks the database (store.ResultStore.ResultLines).
func (c *Results) Docs(ctx context.Context, st store.ResultStore, set results.Set) ([]json.RawMessage, bool, error) {
	cs, ok, err := c.get(ctx, st, set)
	if !ok || err != nil {
		return nil, ok, err
	}
	docs := make([]json.RawMessage, len(cs.lines))
	for i, l := range cs.lines {
		docs[i] = l.doc
	}
	return docs, true, nil
}

// get returns the set's entry, loading it once however many requests ask at the same time.
func (c *Results) get(ctx context.Context, st store.ResultStore, set results.Set) (*cachedSet, bool, error) {
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

func (c *Results) load(ctx context.Context, st store.ResultStore, setID string, cs *cachedSet) {
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
	cs.lines = make([]cachedLine, len(rows))
	indexed := make([]indexedLine, len(rows))
	for i, r := range rows {
		cs.lines[i] = cachedLine{ordem: r.Ordem, doc: r.Doc}
		indexed[i] = indexedLine{search: r.Search, sexo: r.Sexo, categoria: r.Categoria}
		cs.size += len(r.Doc) + 40
	}
	cs.index = newLineIndex(indexed)
	cs.size += cs.index.size()
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries[setID] != cs {
		return // replaced meanwhile; the newer entry counts itself
	}
	c.bytes += cs.size
	c.evict(setID)
}

// evict drops the least recently used sets until the cache fits its bound, keeping keep.
func (c *Results) evict(keep string) {
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
