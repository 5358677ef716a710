package site

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// A folded line is at most 75 octets, continued after CRLF and a space, and no UTF-8 character
// is split between two lines.
func TestFoldICSKeepsCharactersWhole(t *testing.T) {
	in := "DESCRIPTION:" + strings.Repeat("ção", 60)
	out := foldICS(in)
	if !strings.HasSuffix(out, "\r\n") {
		t.Fatalf("no CRLF at the end: %q", out)
	}
	var unfolded string
	for i, l := range strings.Split(strings.TrimSuffix(out, "\r\n"), "\r\n") {
		if len(l) > 75 || !utf8.ValidString(l) {
			t.Errorf("line %d: %d octets, valid UTF-8 %v: %q", i, len(l), utf8.ValidString(l), l)
		}
		if i > 0 {
			l = strings.TrimPrefix(l, " ")
		}
		unfolded += l
	}
	if unfolded != in {
		t.Errorf("unfolded %q, want %q", unfolded, in)
	}
}
