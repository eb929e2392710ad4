//go:build js && wasm

package draw

import "syscall/js"

// dataURL returns the picture as a data: URL of a PNG file that the
// browser's canvas encodes (toDataURL), each index its colour, index 0
// transparent. The browser's own encoder spares the client a compressor
// of its own: compress/flate and its checksums were some 30 KB of the
// client's download, and native code encodes faster than the wasm did.
// O(w·h).
func (r *raster) dataURL() string {
	rgba := make([]byte, 4*len(r.pix))
	for i, p := range r.pix {
		if p > 0 {
			c := r.palette[p-1]
			rgba[4*i], rgba[4*i+1], rgba[4*i+2], rgba[4*i+3] = c[0], c[1], c[2], 255
		}
	}
	pixels := js.Global().Get("Uint8ClampedArray").New(len(rgba))
	js.CopyBytesToJS(pixels, rgba)
	canvas := js.Global().Get("document").Call("createElement", "canvas")
	canvas.Set("width", r.w)
	canvas.Set("height", r.h)
	img := js.Global().Get("ImageData").New(pixels, r.w, r.h)
	canvas.Call("getContext", "2d").Call("putImageData", img, 0, 0)
	return canvas.Call("toDataURL", "image/png").String()
}
