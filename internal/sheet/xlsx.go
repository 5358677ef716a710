package sheet

import (
	"bytes"

	"github.com/xuri/excelize/v2"
)

// unzipLimit bounds what an XLSX may expand to, so that a small zip bomb cannot fill memory.
const unzipLimit = 10 * MaxBytes

// readXLSX reads the first sheet as Excel shows it: number formats applied (dates and times as
// displayed), formulas as their cached value — never evaluated.
func readXLSX(data []byte) (*Table, error) {
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
	rows, err := f.Rows(sheets[0])
	if err != nil {
		return nil, ErrNotSheet
	}
	defer rows.Close()
	var c collector
	for n := 1; rows.Next(); n++ {
		cells, err := rows.Columns()
		if err != nil {
			return nil, ErrNotSheet
		}
		if err := c.add(n, cells); err != nil {
			return nil, err
		}
	}
	if rows.Error() != nil {
		return nil, ErrNotSheet
	}
	return c.table()
}
