package results

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// timeRE is h:mm:ss, hh:mm:ss or mm:ss with an optional fraction of tenths, hundredths or
// thousandths, after a point or a pt-BR comma.
var timeRE = regexp.MustCompile(`^(?:(\d{1,3}):)?(\d{1,2}):(\d{1,2})(?:[.,](\d{1,3}))?$`)

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

// parseTime reads a time cell; the message says what is wrong, for a row error. Hours go past
// 24 (ultras).
func parseTime(s string) (raceTime, string) {
	m := timeRE.FindStringSubmatch(s)
	switch {
	case m != nil:
	case dayFractionRE.MatchString(s):
		f, _ := strconv.ParseFloat(strings.Replace(s, ",", ".", 1), 64)
		return fromMs(int64(f*86_400_000 + 0.5)), ""
	case secondsRE.MatchString(s):
		n, _ := strconv.ParseInt(s, 10, 64)
		return fromMs(n * 1000), ""
	}
	if m == nil {
		return raceTime{}, fmt.Sprintf("Tempo %q inválido: use h:mm:ss, hh:mm:ss ou mm:ss (com décimos ou centésimos opcionais, como 0:42:13.47).", s)
	}
	h, _ := strconv.Atoi(m[1])
	mi, _ := strconv.Atoi(m[2])
	sec, _ := strconv.Atoi(m[3])
	if mi > 59 || sec > 59 {
		return raceTime{}, fmt.Sprintf("Tempo %q inválido: minutos e segundos vão de 00 a 59.", s)
	}
	if len(m[3]) != 2 || m[1] != "" && len(m[2]) != 2 {
		return raceTime{}, fmt.Sprintf("Tempo %q inválido: minutos e segundos têm dois dígitos (0:05:09).", s)
	}
	ms := (int64(h)*3600 + int64(mi)*60 + int64(sec)) * 1000
	text := fmt.Sprintf("%d:%02d:%02d", h, mi, sec)
	if f := m[4]; f != "" {
		frac, _ := strconv.Atoi(f + "00"[:3-len(f)])
		ms += int64(frac)
		text += "." + f
	}
	return raceTime{text: text, ms: ms}, ""
}

// fromMs writes ms as h:mm:ss, with the milliseconds when a whole second is not what they are
// (a day fraction's float error of a millisecond is rounded away).
func fromMs(ms int64) raceTime {
	if r := ms % 1000; r <= 1 || r >= 999 {
		ms = (ms + 500) / 1000 * 1000
	}
	sec := ms / 1000
	text := fmt.Sprintf("%d:%02d:%02d", sec/3600, sec/60%60, sec%60)
	if ms%1000 != 0 {
		text += fmt.Sprintf(".%03d", ms%1000)
	}
	return raceTime{text: text, ms: ms}
}

// pace is the time per km as m:ss, rounded to the nearest second; "" without a distance.
func pace(ms int64, km float64) string {
	if km <= 0 || ms <= 0 {
		return ""
	}
	sec := int64(float64(ms)/1000/km + 0.5)
	return fmt.Sprintf("%d:%02d", sec/60, sec%60)
}
