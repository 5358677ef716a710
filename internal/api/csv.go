package api

import (
	"bytes"
	"net/http"

	"pelotao/internal/sheet"
)

// WriteCSV answers an export as the file filename: header, then every row rows writes, in a CSV
// Excel in Brazil opens right (sheet.Writer: UTF-8 with BOM, ';', formula injection
// neutralised). The file is made whole before answering, so a failure is still an error answer.
func WriteCSV(w http.ResponseWriter, filename string, header []string, rows func(write func([]string) error) error) error {
	var buf bytes.Buffer
	cw, err := sheet.NewWriter(&buf)
	if err != nil {
		return err
	}
	if err := cw.Write(header); err != nil {
		return err
	}
	if err := rows(cw.Write); err != nil {
		return err
	}
	if err := cw.Flush(); err != nil {
		return err
	}
	h := w.Header()
	h.Set("Content-Type", "text/csv; charset=utf-8")
	h.Set("Content-Disposition", `attachment; filename="`+filename+`"`)
	h.Set("Cache-Control", "no-store")
	_, err = w.Write(buf.Bytes())
	return err
}
