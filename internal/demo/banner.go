package demo

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"math"
	"math/rand/v2"
	"strings"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"

	"pelotao/internal/typeface"
)

// Banner sizes, and the most each JPEG may weigh (a phone on a mobile network loads them).
const (
	desktopW, desktopH = 1600, 640
	mobileW, mobileH   = 800, 800
	desktopMaxBytes    = 120 << 10
	mobileMaxBytes     = 50 << 10
)

// bannerSpec is what a banner shows: a scene for the sport, and the event's words over it.
type bannerSpec struct {
	categoria string
	kicker    string // a short line above the title
	titulo    string
	linha     string // date and place
	palette   palette
	seed      uint64
}

type palette struct {
	sky              []color.RGBA // top to horizon
	sun              color.RGBA
	far, mid, near   color.RGBA
	figure, accent   color.RGBA
	water, waterDeep color.RGBA
}

// scene is the geometry one banner is drawn with; desktop keeps the left for the words and
// draws the athletes on the right, mobile draws them in the middle above the words.
type scene struct {
	c       *canvas
	rng     *rand.Rand
	p       palette
	W, H    float64
	horizon float64
	figX    float64 // where the leading athlete stands
	figY    float64 // the ground under the athletes
	figH    float64 // the leading athlete's height
	sunX    float64
}

func drawBanner(spec bannerSpec, w, h int) *image.RGBA {
	s := &scene{c: newCanvas(w, h), rng: rand.New(rand.NewPCG(spec.seed, uint64(w))), p: spec.palette, W: float64(w), H: float64(h)}
	mobile := w == h
	if mobile {
		s.horizon, s.figX, s.figY, s.figH, s.sunX = s.H*0.52, s.W*0.56, s.H*0.64, s.H*0.30, s.W*0.68
	} else {
		s.horizon, s.figX, s.figY, s.figH, s.sunX = s.H*0.60, s.W*0.76, s.H*0.86, s.H*0.52, s.W*0.70
	}
	s.c.verticalGradient(s.p.sky...)
	s.c.glow(s.sunX, s.horizon-s.H*0.08, s.H*0.75, s.p.sun, 0.55)
	s.c.fill(alpha(s.p.sun, 0.95), func(z *vector.Rasterizer) { circle(z, s.sunX, s.horizon-s.H*0.08, s.H*0.09, false) })

	switch spec.categoria {
	case "Trail Running":
		s.trail()
	case "Ciclismo":
		s.cycling()
	case "Duathlon":
		s.duathlon()
	case "Triathlon":
		s.triathlon()
	default:
		s.street()
	}
	s.words(spec, mobile)
	return s.c.img
}

// ridge is a mountain line by midpoint displacement: rough like rock, different for every seed.
func (s *scene) ridge(base, height, rough float64) []pt {
	const n = 64
	ys := make([]float64, n+1)
	ys[0], ys[n] = base-s.rng.Float64()*height, base-s.rng.Float64()*height
	var split func(a, b int, amp float64)
	split = func(a, b int, amp float64) {
		if b-a < 2 {
			return
		}
		m := (a + b) / 2
		ys[m] = (ys[a]+ys[b])/2 - (s.rng.Float64()-0.35)*amp
		split(a, m, amp*rough)
		split(m, b, amp*rough)
	}
	split(0, n, height)
	pts := make([]pt, 0, n+3)
	for i, y := range ys {
		pts = append(pts, pt{s.W * float64(i) / n, min(y, base+height*0.2)})
	}
	return append(pts, pt{s.W, s.H}, pt{0, s.H})
}

// hills is a smooth line of rolling hills.
func (s *scene) hills(base, amp float64) []pt {
	f1, f2 := 1.5+s.rng.Float64()*1.5, 3+s.rng.Float64()*3
	p1, p2 := s.rng.Float64()*6, s.rng.Float64()*6
	var pts []pt
	for x := 0.0; x <= s.W+8; x += 8 {
		t := x / s.W * math.Pi
		pts = append(pts, pt{x, base - amp*(0.6*math.Sin(f1*t+p1)+0.4*math.Sin(f2*t+p2))})
	}
	return append(pts, pt{s.W, s.H}, pt{0, s.H})
}

func (s *scene) layer(col color.Color, pts []pt) {
	s.c.fill(col, func(z *vector.Rasterizer) { polygon(z, pts...) })
}

func (s *scene) street() {
	// Two rows of buildings, the far one hazy.
	for row, col := range []color.RGBA{s.p.far, s.p.mid} {
		s.c.fill(col, func(z *vector.Rasterizer) {
			for x := -20.0; x < s.W; {
				bw := s.W * (0.03 + s.rng.Float64()*0.05)
				bh := s.H * (0.10 + s.rng.Float64()*0.22) * (1 - 0.3*float64(row))
				top := s.horizon - bh
				polygon(z, pt{x, s.H}, pt{x, top}, pt{x + bw, top}, pt{x + bw, s.H})
				if s.rng.IntN(4) == 0 { // a mast or a pointed roof
					polygon(z, pt{x + bw*0.45, top}, pt{x + bw*0.5, top - s.H*0.05}, pt{x + bw*0.55, top})
				}
				x += bw + s.W*0.004
			}
		})
	}
	// Lit windows on the nearer row.
	s.c.fill(alpha(s.p.sun, 0.55), func(z *vector.Rasterizer) {
		for range 70 {
			x, y := s.rng.Float64()*s.W, s.horizon-s.rng.Float64()*s.H*0.16
			polygon(z, pt{x, y}, pt{x + 5, y}, pt{x + 5, y + 7}, pt{x, y + 7})
		}
	})
	// The avenue towards the sun.
	s.layer(s.p.near, []pt{{0, s.horizon}, {s.W, s.horizon}, {s.W, s.H}, {0, s.H}})
	vx := s.sunX
	s.layer(mix(s.p.near, s.p.sky[len(s.p.sky)-1], 0.18), []pt{{vx - 6, s.horizon}, {vx + 6, s.horizon}, {s.W * 1.25, s.H}, {s.W * 0.05, s.H}})
	s.c.fill(alpha(s.p.accent, 0.85), func(z *vector.Rasterizer) {
		for i := range 9 {
			t0, t1 := math.Pow(float64(i)/9, 2), math.Pow((float64(i)+0.45)/9, 2)
			y0, y1 := s.horizon+(s.H-s.horizon)*t0, s.horizon+(s.H-s.horizon)*t1
			x0, x1 := vx+(s.W*0.65-vx)*t0, vx+(s.W*0.65-vx)*t1
			polygon(z, pt{x0 - 1 - 5*t0, y0}, pt{x0 + 1 + 5*t0, y0}, pt{x1 + 1 + 5*t1, y1}, pt{x1 - 1 - 5*t1, y1})
		}
	})
	// A pack of two to four runners, the leader in front, the others further up the avenue.
	n := 2 + s.rng.IntN(3)
	for i := n - 1; i >= 1; i-- {
		side := float64(i%2*2 - 1)
		scale := 0.72 - 0.1*float64(i-1) + s.rng.Float64()*0.06
		s.runner(s.figX+side*s.figH*(0.45+0.12*float64(i))+s.rng.Float64()*s.figH*0.1,
			s.figY-s.figH*(0.1+0.06*float64(i)), s.figH*scale, i)
	}
	s.runner(s.figX+s.figH*0.05, s.figY, s.figH, s.rng.IntN(3))
}

func (s *scene) trail() {
	s.layer(s.p.far, s.ridge(s.horizon-s.H*0.05, s.H*0.32, 0.55))
	s.layer(s.p.mid, s.ridge(s.horizon+s.H*0.08, s.H*0.22, 0.5))
	near := s.hills(s.figY-s.figH*0.05, s.H*0.05)
	s.layer(s.p.near, near)
	// Pines along the near slope.
	s.c.fill(mix(s.p.near, s.p.figure, 0.5), func(z *vector.Rasterizer) {
		for range 28 {
			x := s.rng.Float64() * s.W
			if math.Abs(x-s.figX) < s.figH*0.5 {
				continue
			}
			base := s.figY - s.figH*0.05 + s.H*0.03
			th := s.H * (0.07 + s.rng.Float64()*0.09)
			for k := range 3 {
				y := base - th*float64(k)*0.3
				w := th * (0.45 - 0.1*float64(k))
				polygon(z, pt{x - w, y}, pt{x, y - th*0.55}, pt{x + w, y})
			}
		}
	})
	// The trail: a band that narrows as it winds away.
	s.c.fill(alpha(s.p.accent, 0.9), func(z *vector.Rasterizer) {
		var left, right []pt
		for i := 0; i <= 40; i++ {
			t := float64(i) / 40
			y := s.H + (s.figY-s.figH*0.02-s.H)*t*1.5
			x := s.figX + math.Sin(t*5)*s.W*0.06*(1-t) - s.figH*0.2*t
			w := s.H*0.09*(1-t) + 2
			left, right = append(left, pt{x - w, y}), append(right, pt{x + w, y})
		}
		for i := len(right) - 1; i >= 0; i-- {
			left = append(left, right[i])
		}
		polygon(z, left...)
	})
	s.runner(s.figX, s.figY, s.figH, 0)
	s.runner(s.figX-s.figH*0.75, s.figY-s.figH*0.22, s.figH*0.5, 1)
}

func (s *scene) road(y, slope float64) {
	top := func(x float64) float64 { return y - slope*(x-s.W/2)/s.W }
	th := s.H * 0.07
	s.layer(mix(s.p.near, color.RGBA{40, 40, 48, 255}, 0.6), []pt{{0, top(0)}, {s.W, top(s.W)}, {s.W, top(s.W) + th}, {0, top(0) + th}})
	s.c.fill(alpha(s.p.accent, 0.9), func(z *vector.Rasterizer) {
		for x := 0.0; x < s.W; x += 70 {
			polygon(z, pt{x, top(x) + th*0.45}, pt{x + 36, top(x+36) + th*0.45}, pt{x + 36, top(x+36) + th*0.55}, pt{x, top(x) + th*0.55})
		}
	})
}

func (s *scene) cycling() {
	if s.rng.IntN(2) == 0 {
		s.layer(s.p.far, s.ridge(s.horizon-s.H*0.02, s.H*0.24, 0.55))
	} else {
		s.layer(s.p.far, s.hills(s.horizon, s.H*0.06))
	}
	s.layer(s.p.mid, s.hills(s.horizon+s.H*0.1, s.H*0.05))
	s.layer(s.p.near, s.hills(s.figY-s.H*0.02, s.H*0.02))
	s.road(s.figY-s.H*0.01, s.H*0.02)
	if s.rng.IntN(2) == 0 && s.W > s.H { // a third rider only where there is room
		s.cyclist(s.figX-s.figH*1.55, s.figY, s.figH*0.7)
	}
	s.cyclist(s.figX+s.figH*0.15, s.figY, s.figH*0.95)
	s.cyclist(s.figX-s.figH*0.85, s.figY, s.figH*0.8)
}

func (s *scene) duathlon() {
	s.layer(s.p.far, s.ridge(s.horizon, s.H*0.18, 0.5))
	s.layer(s.p.mid, s.hills(s.horizon+s.H*0.1, s.H*0.04))
	s.layer(s.p.near, s.hills(s.figY-s.H*0.02, s.H*0.02))
	s.road(s.figY-s.H*0.01, 0)
	s.cyclist(s.figX+s.figH*0.35, s.figY, s.figH*0.85)
	s.runner(s.figX-s.figH*0.55, s.figY+s.H*0.01, s.figH*0.95, 0)
}

func (s *scene) triathlon() {
	sea := s.figY - s.figH*0.35
	// The sea, with the sun's road of light on it.
	for y := int(s.horizon); y < int(s.H); y++ {
		col := along([]color.RGBA{s.p.water, s.p.waterDeep}, (float64(y)-s.horizon)/(s.H-s.horizon))
		for x := 0; x < s.c.w; x++ {
			s.c.img.SetRGBA(x, y, col)
		}
	}
	s.c.fill(alpha(s.p.sun, 0.7), func(z *vector.Rasterizer) {
		for i := range 14 {
			y := s.horizon + 4 + float64(i*i)*(sea-s.horizon)/200
			w := s.W * (0.02 + 0.012*float64(i)) * (0.6 + s.rng.Float64()*0.8)
			x := s.sunX + (s.rng.Float64()-0.5)*w*0.4
			polygon(z, pt{x - w, y}, pt{x + w, y}, pt{x + w*0.9, y + 2 + float64(i)*0.3}, pt{x - w*0.9, y + 2 + float64(i)*0.3})
		}
	})
	s.c.fill(alpha(color.RGBA{255, 255, 255, 255}, 0.18), func(z *vector.Rasterizer) {
		for range 40 {
			x, y := s.rng.Float64()*s.W, s.horizon+s.rng.Float64()*(sea-s.horizon)
			w := 10 + 30*(y-s.horizon)/(sea-s.horizon)
			polygon(z, pt{x - w, y}, pt{x, y - 2}, pt{x + w, y}, pt{x, y + 1})
		}
	})
	s.swimmer(s.figX-s.figH*0.9, sea-s.figH*0.12, s.figH*0.45)
	// The beach road in front.
	s.layer(s.p.near, s.hills(s.figY-s.H*0.03, s.H*0.01))
	s.road(s.figY-s.H*0.01, 0)
	s.cyclist(s.figX+s.figH*0.4, s.figY, s.figH*0.8)
	s.runner(s.figX-s.figH*0.35, s.figY+s.H*0.01, s.figH*0.85, 0)
}

// runner is a stylised runner facing right; pose picks one of three moments of the stride.
func (s *scene) runner(x, y, h float64, pose int) {
	P := func(dx, dy float64) pt { return pt{x + dx*h, y - dy*h} }
	type stride struct{ knee, foot, backKnee, backFoot, elbow, hand, backElbow, backHand pt }
	poses := []stride{
		{P(0.17, 0.33), P(0.11, 0.06), P(-0.10, 0.26), P(-0.30, 0.20), P(0.15, 0.60), P(0.26, 0.69), P(-0.09, 0.61), P(-0.06, 0.49)},
		{P(0.12, 0.30), P(0.20, 0.08), P(-0.06, 0.23), P(-0.24, 0.28), P(0.13, 0.58), P(0.25, 0.63), P(-0.08, 0.62), P(-0.14, 0.50)},
		{P(0.16, 0.36), P(0.04, 0.12), P(-0.05, 0.25), P(-0.16, 0.02), P(0.16, 0.62), P(0.24, 0.73), P(-0.10, 0.60), P(-0.02, 0.48)},
	}
	st := poses[pose%len(poses)]
	hip, neck, shoulder := P(0, 0.48), P(0.08, 0.80), P(0.07, 0.77)
	s.c.fill(s.p.figure, func(z *vector.Rasterizer) {
		circle(z, x+0.125*h, y-0.895*h, 0.07*h, false)
		limb(z, neck, hip, 0.13*h)
		limb(z, hip, st.knee, 0.095*h)
		limb(z, st.knee, st.foot, 0.07*h)
		limb(z, st.foot, pt{st.foot.x + 0.07*h, st.foot.y}, 0.045*h)
		limb(z, hip, st.backKnee, 0.09*h)
		limb(z, st.backKnee, st.backFoot, 0.065*h)
		limb(z, shoulder, st.elbow, 0.06*h)
		limb(z, st.elbow, st.hand, 0.05*h)
		limb(z, shoulder, st.backElbow, 0.06*h)
		limb(z, st.backElbow, st.backHand, 0.05*h)
	})
}

// cyclist is a rider on a road bike facing right; l is about the height of the whole figure.
func (s *scene) cyclist(x, y, l float64) {
	r := 0.26 * l
	rear, front := pt{x - 0.36*l, y - r}, pt{x + 0.38*l, y - r}
	bb := pt{x - 0.04*l, y - r}
	seat, head := pt{x - 0.13*l, y - r - 0.40*l}, pt{x + 0.30*l, y - r - 0.38*l}
	bar := pt{x + 0.34*l, y - r - 0.42*l}
	s.c.fill(s.p.figure, func(z *vector.Rasterizer) {
		for _, c := range []pt{rear, front} {
			circle(z, c.x, c.y, r, false)
			circle(z, c.x, c.y, r-0.035*l, true)
			circle(z, c.x, c.y, 0.025*l, false)
		}
		limb(z, rear, bb, 0.025*l)
		limb(z, bb, seat, 0.03*l)
		limb(z, seat, head, 0.03*l)
		limb(z, bb, head, 0.032*l)
		limb(z, rear, seat, 0.022*l)
		limb(z, head, front, 0.026*l)
		limb(z, head, bar, 0.024*l)
		limb(z, bar, pt{bar.x + 0.02*l, bar.y + 0.08*l}, 0.022*l)
		// The rider, low over the bars.
		hip := pt{seat.x - 0.01*l, seat.y - 0.04*l}
		shoulder := pt{x + 0.20*l, y - r - 0.66*l}
		limb(z, hip, shoulder, 0.095*l)
		circle(z, shoulder.x+0.10*l, shoulder.y-0.07*l, 0.065*l, false)
		limb(z, shoulder, pt{bar.x - 0.02*l, bar.y - 0.02*l}, 0.05*l)
		knee := pt{x + 0.10*l, y - r - 0.33*l}
		pedal := pt{bb.x + 0.07*l, bb.y + 0.06*l}
		limb(z, hip, knee, 0.085*l)
		limb(z, knee, pedal, 0.06*l)
		backKnee := pt{x + 0.02*l, y - r - 0.22*l}
		limb(z, hip, backKnee, 0.08*l)
		limb(z, backKnee, pt{bb.x - 0.08*l, bb.y - 0.03*l}, 0.055*l)
	})
}

// swimmer is a crawl stroke: a head, one arm in the air and the wake behind.
func (s *scene) swimmer(x, y, h float64) {
	s.c.fill(alpha(color.RGBA{255, 255, 255, 255}, 0.5), func(z *vector.Rasterizer) {
		polygon(z, pt{x - 1.2*h, y + 0.02*h}, pt{x + 0.1*h, y - 0.04*h}, pt{x + 0.15*h, y + 0.06*h}, pt{x - 1.0*h, y + 0.08*h})
	})
	s.c.fill(s.p.figure, func(z *vector.Rasterizer) {
		circle(z, x+0.16*h, y-0.05*h, 0.11*h, false)
		limb(z, pt{x - 0.05*h, y}, pt{x - 0.15*h, y - 0.38*h}, 0.08*h)
		limb(z, pt{x - 0.15*h, y - 0.38*h}, pt{x + 0.18*h, y - 0.52*h}, 0.07*h)
		limb(z, pt{x - 0.35*h, y + 0.02*h}, pt{x + 0.05*h, y + 0.02*h}, 0.1*h)
	})
}

var (
	boldFont   = typeface.Bold
	mediumFont = typeface.Medium
	face       = typeface.Face
)

// words sets the kicker, the title (wrapped) and the date line, over a shade that keeps them
// readable whatever the scene behind.
func (s *scene) words(spec bannerSpec, mobile bool) {
	dark := color.RGBA{8, 12, 28, 255}
	titleSize, x, maxW := 72.0, s.W*0.065, s.W*0.52
	if mobile {
		titleSize, x, maxW = 58, s.W*0.07, s.W*0.86
		s.c.shade(dark, func(_, v float64) float64 { return 0.82 * smooth((v-0.56)/0.3) })
	} else {
		s.c.shade(dark, func(u, _ float64) float64 { return 0.7 * (1 - smooth(u/0.62)) })
	}
	var lines []string
	for {
		lines = wrap(spec.titulo, face(boldFont, titleSize), maxW)
		if len(lines) <= 3 {
			break
		}
		titleSize -= 6
	}
	lead := titleSize * 1.08
	block := 34 + float64(len(lines))*lead + 44
	top := (s.H - block) / 2
	if mobile {
		top = s.H - block - s.H*0.07
	}
	y := top + 22
	s.text(face(boldFont, 23), x, y, s.p.accent, strings.ToUpper(spec.kicker), 3)
	y += 12
	for _, l := range lines {
		y += lead
		s.text(face(boldFont, titleSize), x+2, y+3, color.RGBA{0, 0, 0, 255}, l, 0) // shadow
		s.text(face(boldFont, titleSize), x, y, color.RGBA{255, 255, 255, 255}, l, 0)
	}
	y += 44
	s.text(face(mediumFont, 26), x, y, color.RGBA{232, 236, 245, 255}, spec.linha, 0)
}

func smooth(t float64) float64 {
	t = max(0, min(1, t))
	return t * t * (3 - 2*t)
}

// text draws s with its baseline at y; tracking adds space between letters.
func (s *scene) text(f font.Face, x, y float64, col color.Color, str string, tracking float64) {
	d := font.Drawer{Dst: s.c.img, Src: image.NewUniform(col), Face: f, Dot: fixed.P(int(x), int(y))}
	if tracking == 0 {
		d.DrawString(str)
		return
	}
	for _, r := range str {
		d.DrawString(string(r))
		d.Dot.X += fixed.I(int(tracking))
	}
}

func wrap(text string, f font.Face, maxW float64) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(text) {
		try := strings.TrimSpace(line + " " + w)
		if line != "" && float64(font.MeasureString(f, try).Ceil()) > maxW {
			lines, line = append(lines, line), w
			continue
		}
		line = try
	}
	return append(lines, line)
}

// encodeJPEG finds the best quality that keeps the banner within its weight.
func encodeJPEG(img image.Image, maxBytes int) ([]byte, error) {
	for q := 86; q >= 40; q -= 4 {
		var b bytes.Buffer
		if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: q}); err != nil {
			return nil, err
		}
		if b.Len() <= maxBytes {
			return b.Bytes(), nil
		}
	}
	return nil, fmt.Errorf("demo: banner does not fit in %d bytes", maxBytes)
}
