package event

import "fmt"

// months are the months' names as Brazilians write them, January first.
var months = [...]string{"janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro",
	"outubro", "novembro", "dezembro"}

// LongDate is d as Brazilians write it in prose ("15 de março de 2026"); "" for no date.
func LongDate(d Date) string {
	if !d.Valid() {
		return ""
	}
	return fmt.Sprintf("%d de %s de %d", d.day, months[d.month-1], d.year)
}
