package readmodel

import (
	"slices"
	"strings"
)

// lineIndex finds a result set's lines by their folded search text (name, bib, team) and
// their sex and category, as sets of lines: a search's total is the number of lines in the
// set, and its page the first ones after the cursor, however common the words.
//
// A search word matches a line when it is part of one of the line's words (words never hold
// spaces, so this is the same as being part of the line's text). The distinct words of a set
// are few beside its lines (first names, surnames, teams, bibs), so a search first finds the
// words it is part of, by their pieces of one to three bytes, then takes those words' lines.
type lineIndex struct {
	lines       int
	words       []string
	wordLines   [][]int32          // wordLines[w]: the lines having words[w], in order
	pieces      map[string][]int32 // every 1-, 2- and 3-byte piece of the words → the words having it, in order
	bySexo      map[string]bitSet
	byCategoria map[string]bitSet
}

// indexedLine is what the index reads of a line.
type indexedLine struct{ search, sexo, categoria string }

func newLineIndex(lines []indexedLine) *lineIndex {
	x := &lineIndex{lines: len(lines), pieces: map[string][]int32{}, bySexo: map[string]bitSet{}, byCategoria: map[string]bitSet{}}
	wordIDs := map[string]int32{}
	for i, l := range lines {
		for _, w := range strings.Fields(l.search) {
			id, ok := wordIDs[w]
			if !ok {
				id = int32(len(x.words))
				wordIDs[w] = id
				x.words, x.wordLines = append(x.words, w), append(x.wordLines, nil)
				for n := 1; n <= 3; n++ {
					for k := 0; k+n <= len(w); k++ {
						list := x.pieces[w[k:k+n]]
						if len(list) == 0 || list[len(list)-1] != id {
							x.pieces[w[k:k+n]] = append(list, id)
						}
					}
				}
			}
			if list := x.wordLines[id]; len(list) == 0 || list[len(list)-1] != int32(i) {
				x.wordLines[id] = append(list, int32(i))
			}
		}
		for _, by := range []struct {
			m map[string]bitSet
			v string
		}{{x.bySexo, l.sexo}, {x.byCategoria, l.categoria}} {
			if by.m[by.v] == nil {
				by.m[by.v] = newBitSet(len(lines))
			}
			by.m[by.v].add(int32(i))
		}
	}
	return x
}

// size is about the bytes the index takes.
func (x *lineIndex) size() int {
	n := 0
	for i, w := range x.words {
		n += len(w) + 16 + 24 + 4*len(x.wordLines[i])
	}
	for _, list := range x.pieces {
		n += 48 + 4*len(list)
	}
	return n + 8*len(newBitSet(x.lines))*(len(x.bySexo)+len(x.byCategoria))
}

// wordsWith returns the words that term is part of, in order.
func (x *lineIndex) wordsWith(term string) []int32 {
	if len(term) <= 3 {
		return x.pieces[term]
	}
	var lists [][]int32 // the words having each of its 3-byte pieces
	for k := 0; k+3 <= len(term); k++ {
		lists = append(lists, x.pieces[term[k:k+3]])
	}
	slices.SortFunc(lists, func(a, b []int32) int { return len(a) - len(b) })
	var out []int32
	for _, w := range lists[0] {
		if strings.Contains(x.words[w], term) {
			out = append(out, w)
		}
	}
	return out
}

// matching returns the lines having every term and the sex and category asked for (none
// asked: any); nil when nothing is asked (every line).
func (x *lineIndex) matching(terms []string, sexo, categoria string) bitSet {
	var set bitSet
	narrow := func(s bitSet, own bool) { // own: s may become set
		switch {
		case set != nil:
			set.and(s)
		case own:
			set = s
		default:
			set = slices.Clone(s)
		}
	}
	for _, t := range terms {
		s := newBitSet(x.lines)
		for _, w := range x.wordsWith(t) {
			for _, i := range x.wordLines[w] {
				s.add(i)
			}
		}
		narrow(s, true)
	}
	for _, by := range []struct {
		m map[string]bitSet
		v string
	}{{x.bySexo, sexo}, {x.byCategoria, categoria}} {
		if by.v == "" {
			continue
		}
		s, ok := by.m[by.v]
		if !ok {
			s = newBitSet(x.lines) // no such value: no line
		}
		narrow(s, false)
	}
	return set
}
