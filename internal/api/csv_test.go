package api

import (
	"errors"
	"net/http/httptest"
	"testing"
)

// TestWriteCSV checks an export's answer: a download with no caching, UTF-8 with a BOM, ';'
// and CRLF, and every cell a spreadsheet would run as a formula (=, +, -, @, tab, CR) prefixed
// with ' — the header and the rows alike.
func TestWriteCSV(t *testing.T) {
	w := httptest.NewRecorder()
	err := WriteCSV(w, "inscritos-e1.csv", []string{"nome", "=cmd"}, func(write func([]string) error) error {
		for _, row := range [][]string{
			{"Ana; Silva", `=HYPERLINK("http://x")`},
			{"+55 11", "-2+3"},
			{"@SUM(A1)", "\tTAB"},
			{"\rCR", "10-2"},
		} {
			if err := write(row); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	h := w.Header()
	if h.Get("Content-Type") != "text/csv; charset=utf-8" || h.Get("Content-Disposition") != `attachment; filename="inscritos-e1.csv"` ||
		h.Get("Cache-Control") != "no-store" {
		t.Errorf("headers %v", h)
	}
	want := "\ufeff" + "nome;'=cmd\r\n" +
		`"Ana; Silva";"'=HYPERLINK(""http://x"")"` + "\r\n" +
		"'+55 11;'-2+3\r\n" +
		"'@SUM(A1);'\tTAB\r\n" +
		"\"'CR\";10-2\r\n" // encoding/csv drops a lone CR from a quoted cell when lines end in CRLF
	if got := w.Body.String(); got != want {
		t.Errorf("file:\n%q\nwant\n%q", got, want)
	}
}

// TestWriteCSVFailsWhole checks that a failure while making the rows answers nothing: the
// error goes back for WriteError to answer, with no half file and no download headers sent.
func TestWriteCSVFailsWhole(t *testing.T) {
	w := httptest.NewRecorder()
	broken := errors.New("store: connection lost")
	err := WriteCSV(w, "pedidos-e1.csv", []string{"pedido"}, func(write func([]string) error) error {
		if err := write([]string{"p1"}); err != nil {
			return err
		}
		return broken
	})
	if err != broken {
		t.Fatalf("error %v, want the rows' own", err)
	}
	if w.Body.Len() != 0 || w.Header().Get("Content-Disposition") != "" {
		t.Errorf("a failed export wrote %q with headers %v", w.Body.String(), w.Header())
	}
}
