package sheet

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"pelotao/internal/textfold"
)

// fillers are words that say nothing about what a column holds: "Nº de peito", "N° Peito",
// "Número do peito" and "num_peito" all come down to "peito".
var fillers = map[string]bool{
	"de": true, "do": true, "da": true, "dos": true, "das": true, "o": true, "n": true, "no": true,
	"num": true, "numero": true, "of": true, "the": true,
}

// HeaderWords splits a header into folded words, on anything that is not a letter or digit and
// where a lower-case letter meets an upper-case one ("netTime", "Overall_Rank", "Cl.Fx.",
// "N° Peito"). The degree sign reads as the ordinal it is typed for. A header with no letter or
// digit ("#") is one word of itself.
func HeaderWords(h string) []string {
	h = strings.ReplaceAll(strings.TrimSpace(h), "°", "º")
	var words []string
	var b strings.Builder
	flush := func() {
		if b.Len() > 0 {
			words = append(words, textfold.Fold(norm.NFKD.String(b.String())))
			b.Reset()
		}
	}
	var prev rune
	for _, r := range h {
		switch {
		case r == 'º' || r == 'ª':
			b.WriteRune('o')
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r):
			if unicode.IsUpper(r) && unicode.IsLower(prev) {
				flush()
			}
			b.WriteRune(r)
		default:
			flush()
		}
		prev = r
	}
	flush()
	var out []string
	for _, w := range words {
		out = append(out, strings.Fields(w)...)
	}
	if len(out) == 0 && h != "" {
		return []string{h}
	}
	return out
}

// HeaderKey folds a header to compare names: accents, case, spaces and punctuation do not count
// ("10 KM", "10km" and "10 km" are one modality).
func HeaderKey(h string) string { return strings.Join(HeaderWords(h), "") }

// meaningful drops the filler words; when nothing else is left (a header of only "Nº"), the
// words are all it has.
func meaningful(words []string) (kept []string, dropped int) {
	for _, w := range words {
		if fillers[w] {
			dropped++
			continue
		}
		kept = append(kept, w)
	}
	if len(kept) == 0 {
		return words, 0
	}
	return kept, dropped
}
