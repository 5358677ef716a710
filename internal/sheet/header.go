package sheet

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"pelotao/internal/textfold"
)

// HeaderKey folds a column header for matching: accents, case, spaces and punctuation do not
// count, and compatibility forms are unfolded ("Nº de peito", "no. de peito" and "N° de Peito"
// give the same key; "E-mail" and "Email" too). The degree sign is read as the ordinal it is
// so often typed for.
func HeaderKey(h string) string {
	folded := textfold.Fold(norm.NFKD.String(strings.ReplaceAll(h, "°", "º")))
	var b strings.Builder
	for _, r := range folded {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Fields matches headers against a domain's synonyms.
type Fields map[string]string

// NewFields indexes synonyms (field name → the headers that mean it) by HeaderKey. A synonym
// listed under two fields is a programming error and panics, at start-up.
func NewFields(synonyms map[string][]string) Fields {
	f := Fields{}
	for field, names := range synonyms {
		for _, n := range names {
			k := HeaderKey(n)
			if other, ok := f[k]; ok && other != field {
				panic("sheet: header " + n + " is a synonym of both " + other + " and " + field)
			}
			f[k] = field
		}
	}
	return f
}

// Match is the field a header names, if any.
func (f Fields) Match(header string) (string, bool) {
	field, ok := f[HeaderKey(header)]
	return field, ok
}
