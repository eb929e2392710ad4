package draw

import "math"

// raster is an 8-bit paletted picture: the heat map of a large host is
// one image inside the SVG instead of one element per node (a browser
// inserts a few thousand elements quickly, 65,536 slowly). Index 0 is
// transparent. Its dataURL, a PNG file, is written by raster_png.go
// natively and by the browser's own canvas in the browser
// (raster_js.go).
type raster struct {
	w, h    int
	pix     []uint8
	palette [][3]uint8 // palette[i-1] is the colour of index i
}

func newRaster(w, h int) *raster {
	return &raster{w: w, h: h, pix: make([]uint8, w*h)}
}

// index returns the palette index of a colour "#rrggbb", adding it if new
// (at most 255 colours; later ones reuse the last).
func (r *raster) index(hex string) uint8 {
	var c [3]uint8
	for i := range c {
		c[i] = uint8(hexVal(hex[1+2*i])<<4 | hexVal(hex[2+2*i]))
	}
	for i, p := range r.palette {
		if p == c {
			return uint8(i + 1)
		}
	}
	if len(r.palette) == 255 {
		return 255
	}
	r.palette = append(r.palette, c)
	return uint8(len(r.palette))
}

func hexVal(b byte) int {
	switch {
	case b >= 'a':
		return int(b-'a') + 10
	case b >= 'A':
		return int(b-'A') + 10
	}
	return int(b - '0')
}

// fill paints the square of side s at (x, y), clipped to the picture.
func (r *raster) fill(x, y, s int, idx uint8) {
	for j := max(0, y); j < min(r.h, y+s); j++ {
		row := r.pix[j*r.w : (j+1)*r.w]
		for i := max(0, x); i < min(r.w, x+s); i++ {
			row[i] = idx
		}
	}
}

// line paints a line from (x1, y1) to (x2, y2) w pixels wide (DDA: one
// w×w square per unit step).
func (r *raster) line(x1, y1, x2, y2 float64, w int, idx uint8) {
	steps := int(math.Ceil(max(math.Abs(x2-x1), math.Abs(y2-y1))))
	for i := 0; i <= steps; i++ {
		t := float64(i) / float64(max(1, steps))
		x, y := x1+(x2-x1)*t, y1+(y2-y1)*t
		r.fill(int(math.Floor(x-float64(w)/2+0.5)), int(math.Floor(y-float64(w)/2+0.5)), w, idx)
	}
}
