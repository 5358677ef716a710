package sheet

import (
	"bytes"
	"fmt"
	"slices"

	"github.com/xuri/excelize/v2"
)

// unzipLimit bounds what an XLSX may expand to, so that a small zip bomb cannot fill memory.
const unzipLimit = 10 * MaxBytes

// ErrNoSuchSheet is a sheet asked for by a name the workbook does not have.
var ErrNoSuchSheet = &Error{"A planilha não tem a aba escolhida. Escolha uma das abas do arquivo."}

// readXLSX reads the sheet o names (the first by default) as Excel shows it: number formats
// applied (dates and times as displayed), formulas as their cached value — never evaluated.
// Every sheet's name is in Sheets, for the organizer to choose.
func readXLSX(data []byte, o Options) (*Table, error) {
	f, err := excelize.OpenReader(bytes.NewReader(data), excelize.Options{
		UnzipSizeLimit: unzipLimit, UnzipXMLSizeLimit: unzipLimit})
	if err != nil {
		return nil, ErrNotSheet // a zip that is not a workbook, a password-protected or damaged one
	}
	defer f.Close()
	sheets := f.GetSheetList()
	if len(sheets) == 0 {
		return nil, ErrNotSheet
	}
	name := sheets[0]
	if o.Sheet != "" {
		if !slices.Contains(sheets, o.Sheet) {
			return nil, ErrNoSuchSheet
		}
		name = o.Sheet
	}
	rows, err := f.Rows(name)
	if err != nil {
		return nil, ErrNotSheet
	}
	defer rows.Close()
	c := collector{o: o}
	fixed := 0
	example := ""
	for n := 1; rows.Next(); n++ {
		cells, err := rows.Columns()
		if err != nil {
			return nil, ErrNotSheet
		}
		for i, cell := range cells {
			if out, note := repairDoubleUTF8(cell); note != "" {
				if fixed == 0 {
					example = cell + "” → “" + out
				}
				cells[i] = out
				fixed++
			}
		}
		if err := c.add(n, cells); err != nil {
			return nil, err
		}
	}
	if rows.Error() != nil {
		return nil, ErrNotSheet
	}
	t, err := c.table()
	if err != nil {
		return nil, err
	}
	t.Sheet, t.Sheets = name, sheets
	if fixed > 0 {
		t.Notes = append(t.Notes, fmt.Sprintf("Os acentos do arquivo estavam corrompidos (texto convertido duas vezes) e foram corrigidos em %d células, como “%s”.", fixed, example))
	}
	return t, nil
}
