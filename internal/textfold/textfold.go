// Package textfold folds text for searching, so that "joao silv" finds "João da Silva" and
// "sao paulo" finds "São Paulo". web/src/lib/text/textFold.ts is its twin in the browser and in the
// server's page renderer; both read rules.json and run testdata/cases.json, so a search answers
// alike on the server, in the page and offline.
//
// The rules, in order:
//   - Unicode NFD splits an accented letter into its letter and marks (ç → c + cedilla, ñ → n + tilde);
//     each code point is lowered on its own (no context: Σ always becomes σ), then the marks of
//     rules.json are dropped.
//   - The separators of rules.json — spaces, ASCII and Latin-1 punctuation and symbols, general
//     punctuation (’ – —), arrows and symbols, emoji — break words; a run of them becomes one space,
//     with none at either end: "Ana-Maria D'Ávila" → "ana maria d avila".
//   - Everything else stays: letters of any script, digits, ª and º.
//
// rules.json lists code point ranges rather than Unicode categories because the server's page
// renderer (goja) has no Unicode property escapes (\p{L}) in regular expressions.
//
// Why apostrophes separate rather than join ("d avila", not "davila"): a query word matches anywhere
// inside the text, so "avila" and "d'avila" both find "D'Ávila" either way; and the events table
// keeps a folded search column written before this rule (punctuation kept), which answers every
// folded query as a rewritten column would, because no query word holds punctuation.
// Letters that Unicode does not split into letter + mark (ß, ø, æ, ł) stay as they are.
package textfold

import (
	"cmp"
	_ "embed"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

//go:embed rules.json
var rulesJSON []byte

var marks, separators = func() (*unicode.RangeTable, *unicode.RangeTable) {
	var r struct{ Marks, Separators []string }
	if err := json.Unmarshal(rulesJSON, &r); err != nil {
		panic("textfold/rules.json: " + err.Error())
	}
	return table(r.Marks), table(r.Separators)
}()

// table reads hex ranges ("0300-036F", "00D7") into a range table.
func table(ranges []string) *unicode.RangeTable {
	t := &unicode.RangeTable{}
	for _, s := range ranges {
		lo, hi, _ := strings.Cut(s, "-")
		if hi == "" {
			hi = lo
		}
		a, errA := strconv.ParseUint(lo, 16, 32)
		b, errB := strconv.ParseUint(hi, 16, 32)
		if errA != nil || errB != nil || b < a {
			panic("textfold/rules.json: range " + s)
		}
		t.R32 = append(t.R32, unicode.Range32{Lo: uint32(a), Hi: uint32(b), Stride: 1})
	}
	// unicode.Is searches the ranges in order.
	slices.SortFunc(t.R32, func(x, y unicode.Range32) int { return cmp.Compare(x.Lo, y.Lo) })
	return t
}

// Fold lowers s, drops its accents and turns every run of separators into one space.
func Fold(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	gap := false
	for _, r := range norm.NFD.String(s) {
		r = unicode.ToLower(r)
		switch {
		case unicode.Is(marks, r):
		case unicode.Is(separators, r):
			gap = true
		default:
			if gap && b.Len() > 0 {
				b.WriteByte(' ')
			}
			gap = false
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Words splits a query into its folded words, in order, repeats kept.
func Words(query string) []string {
	return strings.Fields(Fold(query))
}

// Matches reports whether folded text (from Fold) contains every word (from Words), anywhere and
// in any order: partial words count, so "silv" matches "silva". No words match everything.
func Matches(folded string, words []string) bool {
	for _, w := range words {
		if !strings.Contains(folded, w) {
			return false
		}
	}
	return true
}
