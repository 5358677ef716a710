package httpapi

import (
	"errors"
	"io"
	"net/http"

	"pelotao/internal/sheet"
)

// maxSheetRequest bounds a spreadsheet import: the file and a few small form fields.
const maxSheetRequest = sheet.MaxBytes + 64<<10

// maxSheetField bounds a form field beside the file (a modality's name, a mapping).
const maxSheetField = 64 << 10

// sheetUpload is a spreadsheet import read from a multipart form: the table of its "file" part
// and its other fields.
type sheetUpload struct {
	Table  *sheet.Table
	Fields map[string]string
}

// readSheetUpload reads the multipart form of an import (the file in "file"). A body over the
// limit is refused before it is read, from its Content-Length, or as soon as it passes the
// limit; a file that is not a readable spreadsheet is a 422 saying why.
func readSheetUpload(r *http.Request) (sheetUpload, error) {
	up := sheetUpload{Fields: map[string]string{}}
	if r.ContentLength > maxSheetRequest {
		return up, tooLarge(sheet.ErrTooLarge.Message)
	}
	mr, err := r.MultipartReader()
	if err != nil {
		return up, invalidArgument(`Envie a planilha como multipart/form-data, no campo "file".`)
	}
	var data []byte
	found := false
	for parts := 0; ; parts++ {
		part, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			return up, sheetReadError(err)
		}
		if parts >= 16 {
			return up, invalidArgument("Envie uma planilha por vez.")
		}
		name := part.FormName()
		switch {
		case name == "file" && !found:
			found = true
			if data, err = io.ReadAll(io.LimitReader(part, sheet.MaxBytes+1)); err != nil {
				return up, sheetReadError(err)
			}
		case name != "" && name != "file":
			v, err := io.ReadAll(io.LimitReader(part, maxSheetField+1))
			if err != nil {
				return up, sheetReadError(err)
			}
			if len(v) > maxSheetField {
				return up, invalidArgument("O campo " + name + " do formulário é grande demais.")
			}
			up.Fields[name] = string(v)
		}
	}
	if !found {
		return up, invalidFile("Escolha uma planilha para enviar.")
	}
	up.Table, err = sheet.Read(data)
	if se := (*sheet.Error)(nil); errors.As(err, &se) {
		if se == sheet.ErrTooLarge {
			return up, tooLarge(se.Message)
		}
		return up, invalidFile(se.Message)
	}
	return up, err
}

func sheetReadError(err error) error {
	if mbe := (*http.MaxBytesError)(nil); errors.As(err, &mbe) {
		return tooLarge(sheet.ErrTooLarge.Message)
	}
	return invalidArgument("Não foi possível ler a planilha enviada. Tente novamente.")
}

// rowErrors is the 422 of an import whose rows have errors: all of them, and nothing saved.
func rowErrors(rows []sheet.RowError) *Error {
	return &Error{Status: http.StatusUnprocessableEntity, Code: "invalid-rows",
		Message: "A planilha tem erros; nada foi salvo. Corrija as linhas indicadas e envie de novo.", Rows: rows}
}
