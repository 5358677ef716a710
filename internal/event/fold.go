package event

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// Fold lowers s and strips its accents, keeping punctuation; runs of spaces become one space.
//
// MERGE NOTE (kit-desk): single-sources moved search folding to internal/textfold and removed
// this function, while participants, sheet and results (branched before) still call it. It is
// restored here unchanged so that the kit-desk branch, which merged both, builds; the lead's
// merge decides whether those callers move to textfold (whose rule turns punctuation into spaces).
func Fold(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := true
	for _, r := range norm.NFD.String(s) {
		switch {
		case unicode.Is(unicode.Mn, r):
		case unicode.IsSpace(r):
			if !space {
				b.WriteByte(' ')
			}
			space = true
		default:
			b.WriteRune(unicode.ToLower(r))
			space = false
		}
	}
	return strings.TrimSuffix(b.String(), " ")
}
