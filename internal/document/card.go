package document

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"strings"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"

	"pelotao/internal/typeface"
)

// Card sizes: what WhatsApp, Telegram and social sites show large (1.91:1).
const (
	CardW, CardH = 1200, 630
)

var (
	boldFont   = typeface.Bold
	mediumFont = typeface.Medium
	face       = typeface.Face
)

// Colours of the card: the dusk sky of the site's banners, and their warm accent.
var (
	skyTop    = color.RGBA{0x1d, 0x2b, 0x64, 255}
	skyMid    = color.RGBA{0x7b, 0x3f, 0x8c, 255}
	skyLow    = color.RGBA{0xf0, 0x64, 0x7a, 255}
	accent    = color.RGBA{0xff, 0xb3, 0x47, 255}
	white     = color.RGBA{255, 255, 255, 255}
	softWhite = color.RGBA{232, 236, 245, 255}
	warning   = color.RGBA{0xff, 0xd1, 0x66, 255}
)

// Card draws the share card: the event and modality, the athlete's name, the time large, the
// overall place and pace, and a "RESULTADO PRELIMINAR" ribbon until the results are official.
func Card(a Athlete) ([]byte, error) {
	img := image.NewRGBA(image.Rect(0, 0, CardW, CardH))
	// A diagonal dusk gradient, darker on the left where the words are.
	for y := range CardH {
		for x := range CardW {
			t := (float64(y)/CardH)*0.7 + (float64(x)/CardW)*0.3
			c := mix(skyTop, skyMid, min(1, t*1.6))
			if t > 0.62 {
				c = mix(skyMid, skyLow, (t-0.62)/0.38)
			}
			img.SetRGBA(x, y, mix(c, color.RGBA{8, 12, 28, 255}, 0.55*(1-float64(x)/CardW)))
		}
	}
	// The finish line: a checkered band along the bottom.
	for y := CardH - 36; y < CardH; y++ {
		for x := range CardW {
			if (x/18+(y-(CardH-36))/18)%2 == 0 {
				img.SetRGBA(x, y, white)
			} else {
				img.SetRGBA(x, y, color.RGBA{16, 18, 30, 255})
			}
		}
	}
	d := &drawer{img: img}
	x := 72.0
	d.text(face(boldFont, 26), x, 86, accent, strings.ToUpper(fit(a.Percurso+" · "+a.Evento, face(boldFont, 26), CardW-2*x)))
	d.text(face(mediumFont, 24), x, 124, softWhite, fit(strings.Trim(a.Data+" · "+a.Local, " ·"), face(mediumFont, 24), CardW-2*x))

	nameSize := 64.0
	for nameSize > 36 && measure(face(boldFont, nameSize), a.Nome) > CardW-2*x {
		nameSize -= 4
	}
	d.text(face(boldFont, nameSize), x+2, 222+3, color.RGBA{0, 0, 0, 255}, fit(a.Nome, face(boldFont, nameSize), CardW-2*x))
	d.text(face(boldFont, nameSize), x, 222, white, fit(a.Nome, face(boldFont, nameSize), CardW-2*x))

	d.text(face(mediumFont, 26), x, 292, softWhite, strings.ToUpper(a.TempoNome))
	d.text(face(boldFont, 120), x, 410, white, a.Tempo)
	line := a.Geral
	if a.Pace != "" {
		line += " · pace " + a.Pace + "/km"
	}
	d.text(face(boldFont, 32), x, 478, accent, fit(line, face(boldFont, 32), CardW-2*x))
	if extra := strings.Trim(a.Sexo+" · "+a.Categoria, " ·"); extra != "" {
		d.text(face(mediumFont, 26), x, 522, softWhite, fit(extra, face(mediumFont, 26), CardW-2*x))
	}
	if a.Preliminar {
		f := face(boldFont, 24)
		label := "RESULTADO PRELIMINAR"
		w := measure(f, label) + 40
		for y := 40; y < 84; y++ {
			for xx := CardW - 60 - int(w); xx < CardW-60; xx++ {
				img.SetRGBA(xx, y, warning)
			}
		}
		d.text(f, float64(CardW-60)-w+20, 71, color.RGBA{40, 20, 0, 255}, label)
	}
	var out bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&out, img); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

type drawer struct{ img *image.RGBA }

func (d *drawer) text(f font.Face, x, y float64, col color.Color, s string) {
	dr := font.Drawer{Dst: d.img, Src: image.NewUniform(col), Face: f, Dot: fixed.P(int(x), int(y))}
	dr.DrawString(s)
}

func measure(f font.Face, s string) float64 { return float64(font.MeasureString(f, s).Ceil()) }

// fit cuts s with an ellipsis to fit width.
func fit(s string, f font.Face, width float64) string {
	if measure(f, s) <= width {
		return s
	}
	r := []rune(s)
	for len(r) > 1 && measure(f, string(r)+"…") > width {
		r = r[:len(r)-1]
	}
	return strings.TrimSpace(string(r)) + "…"
}

func mix(a, b color.RGBA, t float64) color.RGBA {
	t = max(0, min(1, t))
	l := func(x, y uint8) uint8 { return uint8(float64(x) + (float64(y)-float64(x))*t + 0.5) }
	return color.RGBA{l(a.R, b.R), l(a.G, b.G), l(a.B, b.B), 255}
}
