package participant

import (
	"strconv"
	"strings"
	"unicode"

	"pelotao/internal/textfold"
)

// Search finds participants by words that start words of their name or e-mail, by the start of
// their CPF (digits, with or without punctuation) or passport, or by bib: each participant is
// indexed under the terms SearchTerms gives, and a query matches the participants having, for
// every term of QueryTerms, a term that starts with it. Prefix lookups in an index answer in
// the same time over 50 or 30,000 participants, which a substring scan would not. A query that
// is a whole registration code (NormalizeCodigo) also finds the registration with that code,
// under its CodigoTerm.

// maxQueryTerms bounds the words of a query, so that a query cannot grow the SQL without limit.
const maxQueryTerms = 6

// words splits folded text into runs of letters and digits.
func words(s string) []string {
	return strings.FieldsFunc(textfold.Fold(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// SearchTerms are the terms a participant is found by: the words of the name and of the
// e-mail's local part, the whole e-mail (its domain's words would be on every participant),
// the document, the bib and the registration code.
func SearchTerms(p Participant) []string {
	terms := words(p.Nome)
	if local, _, ok := strings.Cut(p.Email, "@"); ok {
		terms = append(terms, words(local)...)
		terms = append(terms, p.Email)
	}
	terms = append(terms, strings.ToLower(p.Documento.Numero))
	if p.NumeroPeito != nil {
		terms = append(terms, strconv.Itoa(*p.NumeroPeito))
	}
	if p.Codigo != "" {
		terms = append(terms, CodigoTerm(p.Codigo))
	}
	seen := make(map[string]bool, len(terms))
	out := terms[:0]
	for _, t := range terms {
		if t != "" && !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	return out
}

// QueryTerms are the terms of a search. A query of digits and CPF punctuation only
// (123.456.789-09, 1234) is one term, its digits; one with an @ is an e-mail (or its start);
// otherwise its words, folded.
func QueryTerms(q string) []string {
	q = strings.TrimSpace(q)
	if q == "" {
		return nil
	}
	if strings.Contains(q, "@") && !strings.ContainsAny(q, " \t") {
		return []string{strings.ToLower(q)}
	}
	if strings.IndexFunc(q, func(r rune) bool { return !(r >= '0' && r <= '9') && !strings.ContainsRune(".-/ ", r) }) < 0 {
		digits := strings.Map(func(r rune) rune {
			if r >= '0' && r <= '9' {
				return r
			}
			return -1
		}, q)
		if digits != "" {
			return []string{digits}
		}
		return nil
	}
	terms := words(q)
	if len(terms) > maxQueryTerms {
		terms = terms[:maxQueryTerms]
	}
	return terms
}

// CodigoTerm is the term a registration code is indexed under: marked, so that no word of a
// query, which is only letters and digits, starts it (the start of a code is no search).
func CodigoTerm(codigo string) string { return "#" + codigo }

// QueryCodigo is the term of the registration code a query is, or "" when it is none.
func QueryCodigo(q string) string {
	if c := NormalizeCodigo(q); c != "" {
		return CodigoTerm(c)
	}
	return ""
}

// SortKey is the order of a list of participants: the name, folded.
func SortKey(p Participant) string { return textfold.Fold(p.Nome) }
