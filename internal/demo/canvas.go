package demo

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"slices"

	"golang.org/x/image/vector"
)

// canvas draws anti-aliased shapes on an image: every shape is a path filled through
// x/image/vector, so silhouettes have smooth edges (and compress well as JPEG).
type canvas struct {
	img *image.RGBA
	z   *vector.Rasterizer
	w   int
	h   int
}

func newCanvas(w, h int) *canvas {
	return &canvas{img: image.NewRGBA(image.Rect(0, 0, w, h)), z: vector.NewRasterizer(w, h), w: w, h: h}
}

type pt struct{ x, y float64 }

// fill fills the shapes that build adds to the path. Shapes wound in opposite directions cut
// holes (a wheel is a circle with a smaller one reversed).
func (c *canvas) fill(col color.Color, build func(z *vector.Rasterizer)) {
	c.z.Reset(c.w, c.h)
	c.z.DrawOp = draw.Over
	build(c.z)
	c.z.Draw(c.img, c.img.Bounds(), image.NewUniform(col), image.Point{})
}

// polygon adds a closed polygon, always wound like circle: the rasterizer adds up windings, so a
// limb wound the other way would cut a hole where it overlaps a joint.
func polygon(z *vector.Rasterizer, pts ...pt) {
	area := 0.0
	for i, p := range pts {
		q := pts[(i+1)%len(pts)]
		area += p.x*q.y - q.x*p.y
	}
	if area < 0 {
		pts = slices.Clone(pts)
		slices.Reverse(pts)
	}
	z.MoveTo(float32(pts[0].x), float32(pts[0].y))
	for _, p := range pts[1:] {
		z.LineTo(float32(p.x), float32(p.y))
	}
	z.ClosePath()
}

// circle adds a circle of four cubic arcs; reverse winds it the other way.
func circle(z *vector.Rasterizer, cx, cy, r float64, reverse bool) {
	const k = 0.5523 // control distance that makes a cubic match a quarter circle
	s := 1.0
	if reverse {
		s = -1
	}
	f := func(v float64) float32 { return float32(v) }
	z.MoveTo(f(cx+r), f(cy))
	z.CubeTo(f(cx+r), f(cy+s*k*r), f(cx+k*r), f(cy+s*r), f(cx), f(cy+s*r))
	z.CubeTo(f(cx-k*r), f(cy+s*r), f(cx-r), f(cy+s*k*r), f(cx-r), f(cy))
	z.CubeTo(f(cx-r), f(cy-s*k*r), f(cx-k*r), f(cy-s*r), f(cx), f(cy-s*r))
	z.CubeTo(f(cx+k*r), f(cy-s*r), f(cx+r), f(cy-s*k*r), f(cx+r), f(cy))
	z.ClosePath()
}

// limb adds a thick segment with round ends, as a rectangle and two discs.
func limb(z *vector.Rasterizer, a, b pt, width float64) {
	dx, dy := b.x-a.x, b.y-a.y
	l := math.Hypot(dx, dy)
	if l == 0 {
		circle(z, a.x, a.y, width/2, false)
		return
	}
	nx, ny := -dy/l*width/2, dx/l*width/2
	polygon(z, pt{a.x + nx, a.y + ny}, pt{b.x + nx, b.y + ny}, pt{b.x - nx, b.y - ny}, pt{a.x - nx, a.y - ny})
	circle(z, a.x, a.y, width/2, false)
	circle(z, b.x, b.y, width/2, false)
}

// verticalGradient paints the whole canvas from top to bottom through the given stops.
func (c *canvas) verticalGradient(stops ...color.RGBA) {
	for y := 0; y < c.h; y++ {
		col := along(stops, float64(y)/float64(c.h-1))
		for x := 0; x < c.w; x++ {
			c.img.SetRGBA(x, y, col)
		}
	}
}

// glow brightens a disc around (cx, cy) that fades to nothing at radius r.
func (c *canvas) glow(cx, cy, r float64, col color.RGBA, strength float64) {
	x0, x1 := max(0, int(cx-r)), min(c.w, int(cx+r)+1)
	y0, y1 := max(0, int(cy-r)), min(c.h, int(cy+r)+1)
	for y := y0; y < y1; y++ {
		for x := x0; x < x1; x++ {
			d := math.Hypot(float64(x)-cx, float64(y)-cy) / r
			if d >= 1 {
				continue
			}
			a := strength * (1 - d) * (1 - d)
			c.img.SetRGBA(x, y, mix(c.img.RGBAAt(x, y), col, a))
		}
	}
}

// shade darkens the canvas towards col by a weight that depends on the position, so text
// laid over a picture stays readable.
func (c *canvas) shade(col color.RGBA, weight func(x, y float64) float64) {
	for y := 0; y < c.h; y++ {
		for x := 0; x < c.w; x++ {
			if a := weight(float64(x)/float64(c.w), float64(y)/float64(c.h)); a > 0 {
				c.img.SetRGBA(x, y, mix(c.img.RGBAAt(x, y), col, a))
			}
		}
	}
}

func along(stops []color.RGBA, t float64) color.RGBA {
	if t <= 0 {
		return stops[0]
	}
	if t >= 1 {
		return stops[len(stops)-1]
	}
	seg := t * float64(len(stops)-1)
	i := int(seg)
	return mix(stops[i], stops[i+1], seg-float64(i))
}

func mix(a, b color.RGBA, t float64) color.RGBA {
	l := func(x, y uint8) uint8 { return uint8(float64(x) + (float64(y)-float64(x))*t + 0.5) }
	return color.RGBA{l(a.R, b.R), l(a.G, b.G), l(a.B, b.B), 255}
}

func hex(s string) color.RGBA {
	var v [3]uint8
	for i := range v {
		h := s[1+2*i : 3+2*i]
		for _, ch := range h {
			v[i] <<= 4
			switch {
			case ch >= '0' && ch <= '9':
				v[i] |= uint8(ch - '0')
			case ch >= 'a' && ch <= 'f':
				v[i] |= uint8(ch - 'a' + 10)
			}
		}
	}
	return color.RGBA{v[0], v[1], v[2], 255}
}

func alpha(c color.RGBA, a float64) color.NRGBA { return color.NRGBA{c.R, c.G, c.B, uint8(a * 255)} }
