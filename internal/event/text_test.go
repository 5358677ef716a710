package event

import "testing"

func TestLongDateWritesTheMonthsName(t *testing.T) {
	for d, want := range map[Date]string{
		NewDate(2026, 3, 15):  "15 de março de 2026",
		NewDate(2026, 1, 1):   "1 de janeiro de 2026",
		NewDate(2027, 12, 31): "31 de dezembro de 2027",
		{}:                    "",
		{invalid: "amanhã"}:   "",
	} {
		if got := LongDate(d); got != want {
			t.Errorf("LongDate(%q) = %q, want %q", d.String(), got, want)
		}
	}
}

func TestCityUFJoinsWhatIsThere(t *testing.T) {
	for _, c := range []struct {
		l    Local
		want string
	}{
		{Local{Cidade: "Recife", Estado: "PE"}, "Recife – PE"},
		{Local{Cidade: " Recife ", Estado: " PE "}, "Recife – PE"},
		{Local{Cidade: "Recife"}, "Recife"},
		{Local{Estado: "PE"}, "PE"},
		{Local{Local: "Parque", Endereco: "Rua 1"}, ""},
	} {
		if got := c.l.CityUF(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.l, got, c.want)
		}
	}
}
