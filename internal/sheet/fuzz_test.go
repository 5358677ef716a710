package sheet

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzRead: any bytes give a table or a pt-BR *Error, never a panic, and a table keeps its
// promises (a header, data rows numbered from 2 upwards in order, within the limits).
func FuzzRead(f *testing.F) {
	names, _ := filepath.Glob("testdata/*.*")
	for _, n := range names {
		data, err := os.ReadFile(n)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("Nome;\"Tempo\n\"\"x\"\"\";\n\n\"a\nb\";1\r\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		tab, err := Read(data, Options{})
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("error %T %v is not a *sheet.Error", err, err)
			}
			return
		}
		if len(tab.Header) == 0 || len(tab.Rows) == 0 || len(tab.Rows) > MaxRows {
			t.Fatalf("table with %d headers and %d rows", len(tab.Header), len(tab.Rows))
		}
		last := 1
		for _, r := range tab.Rows {
			if r.Number <= last || len(r.Cells) == 0 || len(r.Cells) > MaxColumns {
				t.Fatalf("row %d after %d with %d cells", r.Number, last, len(r.Cells))
			}
			last = r.Number
		}
	})
}
