package httpapi

import (
	"errors"
	"io"
	"mime/multipart"
	"net/http"

	"pelotao/internal/sheet"
)

// maxSheetRequest bounds a spreadsheet import: the file and a few small form fields.
const maxSheetRequest = sheet.MaxBytes + 64<<10

// maxSheetField bounds a form field beside the file (a modality's name, a mapping).
const maxSheetField = 64 << 10

// sheetFormFile is an import's form: one spreadsheet and a few small fields.
var sheetFormFile = formFile{maxRequest: maxSheetRequest, maxParts: 16, tooLarge: sheet.ErrTooLarge.Message,
	notMultipart: `Envie a planilha como multipart/form-data, no campo "file".`, tooMany: "Envie uma planilha por vez.",
	unreadable: "Não foi possível ler a planilha enviada. Tente novamente."}

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
	var data []byte
	found := false
	err := sheetFormFile.eachPart(r, func(part *multipart.Part) error {
		var err error
		name := part.FormName()
		switch {
		case name == "file" && !found:
			found = true
			if data, err = io.ReadAll(io.LimitReader(part, sheet.MaxBytes+1)); err != nil {
				return sheetFormFile.readError(err)
			}
		case name != "" && name != "file":
			v, err := io.ReadAll(io.LimitReader(part, maxSheetField+1))
			if err != nil {
				return sheetFormFile.readError(err)
			}
			if len(v) > maxSheetField {
				return invalidArgument("O campo " + name + " do formulário é grande demais.")
			}
			up.Fields[name] = string(v)
		}
		return nil
	})
	if err != nil {
		return up, err
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

// rowErrors is the 422 of an import whose rows have errors: all of them, and nothing saved.
func rowErrors(rows []sheet.RowError) *Error {
	return &Error{Status: http.StatusUnprocessableEntity, Code: "invalid-rows",
		Message: "A planilha tem erros; nada foi salvo. Corrija as linhas indicadas e envie de novo.", Rows: rows}
}
