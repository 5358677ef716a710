package results

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// raceTime is a time as the file wrote it, normalised to h:mm:ss with the file's fraction, and
// in milliseconds for ranking.
type raceTime struct {
	text string
	ms   int64
}

// dayFractionRE is a time an XLSX stores as a fraction of a day (0.34877…), read without its
// time format; secondsRE a time written as whole seconds (1988).
var (
	dayFractionRE = regexp.MustCompile(`^0?[.,]\d+$`)
	secondsRE     = regexp.MustCompile(`^\d{3,6}$`)
)

// parseTime reads a time cell: h:mm:ss, hh:mm:ss or mm:ss with an optional fraction of tenths,
// hundredths or thousandths after a point or a pt-BR comma, a day fraction or whole seconds. The
// message says what is wrong, for a row error. Hours go past 24 (ultras). Every cell of a
// split column is read twice (timesIn decides the column, readRow its lines), up to hundreds of
// thousands of cells a file: the clock is read by hand, without a regexp or fmt.
func parseTime(s string) (raceTime, string) {
	h, mi, sec, frac, ok := clockOf(s)
	switch {
	case ok:
	case dayFractionRE.MatchString(s):
		f, _ := strconv.ParseFloat(strings.Replace(s, ",", ".", 1), 64)
		return fromMs(int64(f*86_400_000 + 0.5)), ""
	case secondsRE.MatchString(s):
		n, _ := strconv.ParseInt(s, 10, 64)
		return fromMs(n * 1000), ""
	default:
		return raceTime{}, fmt.Sprintf("Tempo %q inválido: use h:mm:ss, hh:mm:ss ou mm:ss (com décimos ou centésimos opcionais, como 0:42:13.47).", s)
	}
	hours, minutes, seconds := int64(valueOf(h)), int64(valueOf(mi)), int64(valueOf(sec))
	if minutes > 59 || seconds > 59 {
		return raceTime{}, fmt.Sprintf("Tempo %q inválido: minutos e segundos vão de 00 a 59.", s)
	}
	if len(sec) != 2 || h != "" && len(mi) != 2 {
		return raceTime{}, fmt.Sprintf("Tempo %q inválido: minutos e segundos têm dois dígitos (0:05:09).", s)
	}
	ms := (hours*3600 + minutes*60 + seconds) * 1000
	text := appendClock(make([]byte, 0, 16), hours, minutes, seconds)
	if frac != "" {
		ms += int64(valueOf(frac) * [...]int{100, 10, 1}[len(frac)-1])
		text = append(append(text, '.'), frac...)
	}
	return raceTime{text: string(text), ms: ms}, ""
}

// clockOf splits [h:]m:s[.f] (h of 1 to 3 digits, m and s of 1 or 2, f of 1 to 3 after a '.'
// or a ','); ok is false for anything else. h is "" without hours, frac without a fraction.
func clockOf(s string) (h, m, sec, frac string, ok bool) {
	var fields [3]string
	colons, start, i := 0, 0, 0
scan:
	for ; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
		case c == ':' && colons < 2:
			fields[colons], start = s[start:i], i+1
			colons++
		case c == '.' || c == ',':
			break scan
		default:
			return "", "", "", "", false
		}
	}
	fields[colons] = s[start:i]
	if i < len(s) {
		if frac = s[i+1:]; !digitsOf(frac, 3) {
			return "", "", "", "", false
		}
	}
	if colons == 0 || colons == 2 && !digitsOf(fields[0], 3) {
		return "", "", "", "", false
	}
	if colons == 2 {
		h = fields[0]
	}
	m, sec = fields[colons-1], fields[colons]
	return h, m, sec, frac, digitsOf(m, 2) && digitsOf(sec, 2)
}

// digitsOf tells 1 to most ASCII digits.
func digitsOf(s string, most int) bool {
	if s == "" || len(s) > most {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// valueOf is the value of a few ASCII digits (0 for none).
func valueOf(digits string) int {
	n := 0
	for i := 0; i < len(digits); i++ {
		n = n*10 + int(digits[i]-'0')
	}
	return n
}

// appendClock appends h:mm:ss.
func appendClock(b []byte, h, m, s int64) []byte {
	b = strconv.AppendInt(b, h, 10)
	return append(b, ':', byte('0'+m/10), byte('0'+m%10), ':', byte('0'+s/10), byte('0'+s%10))
}

// fromMs writes ms as h:mm:ss, with the milliseconds when a whole second is not what they are
// (a day fraction's float error of a millisecond is rounded away).
func fromMs(ms int64) raceTime {
	if r := ms % 1000; r <= 1 || r >= 999 {
		ms = (ms + 500) / 1000 * 1000
	}
	sec := ms / 1000
	text := appendClock(make([]byte, 0, 16), sec/3600, sec/60%60, sec%60)
	if r := ms % 1000; r != 0 {
		text = append(text, '.', byte('0'+r/100), byte('0'+r/10%10), byte('0'+r%10))
	}
	return raceTime{text: string(text), ms: ms}
}

// pace is the time per km as m:ss, rounded to the nearest second; "" without a distance.
func pace(ms int64, km float64) string {
	if km <= 0 || ms <= 0 {
		return ""
	}
	sec := int64(float64(ms)/1000/km + 0.5)
	return fmt.Sprintf("%d:%02d", sec/60, sec%60)
}
