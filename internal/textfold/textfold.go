// Package textfold folds text for searching, so that "joao silv" finds "João da Silva" and
// "sao paulo" finds "São Paulo". web/src/lib/textFold.ts is its twin in the browser; both run the
// cases of testdata/cases.json, so a search answers alike on the server, in the page and offline.
//
// The rules, in order:
//   - Unicode NFD splits an accented letter into its letter and marks (ç → c + cedilla, ñ → n + tilde);
//     each code point is lowered on its own (no context: Σ always becomes σ), then every mark is dropped.
//   - Letters and digits of any script stay.
//   - Everything else — spaces, hyphens, apostrophes, dots, slashes, @ — separates words, and a run
//     of separators becomes one space, with none at either end: "Ana-Maria D'Ávila" → "ana maria d avila".
//
// Why apostrophes separate rather than join ("d avila", not "davila"): a query word matches anywhere
// inside the text, so "avila" and "d'avila" both find "D'Ávila" either way; and the events table
// keeps a folded search column written before this rule (punctuation kept), which answers every
// folded query exactly as a rewritten column would, because no query word holds punctuation.
// Letters that Unicode does not split into letter + mark (ß, ø, æ, ł) stay as they are.
package textfold

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// Fold lowers s, drops its accents and turns every run of other characters into one space.
func Fold(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	gap := false
	for _, r := range norm.NFD.String(s) {
		r = unicode.ToLower(r)
		switch {
		case unicode.Is(unicode.M, r):
		case unicode.IsLetter(r) || unicode.IsNumber(r):
			if gap && b.Len() > 0 {
				b.WriteByte(' ')
			}
			gap = false
			b.WriteRune(r)
		default:
			gap = true
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
