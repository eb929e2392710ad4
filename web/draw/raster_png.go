//go:build !(js && wasm)

package draw

import (
	"bytes"
	"compress/zlib"
	"encoding/base64"
	"encoding/binary"
	"hash/crc32"
)

// png encodes the picture as a PNG file (colour type 3, with tRNS making
// index 0 transparent). O(w·h).
func (r *raster) png() []byte {
	var out bytes.Buffer
	out.WriteString("\x89PNG\r\n\x1a\n")
	chunk := func(kind string, data []byte) {
		var n [4]byte
		binary.BigEndian.PutUint32(n[:], uint32(len(data)))
		out.Write(n[:])
		crc := crc32.NewIEEE()
		crc.Write([]byte(kind))
		crc.Write(data)
		out.WriteString(kind)
		out.Write(data)
		binary.BigEndian.PutUint32(n[:], crc.Sum32())
		out.Write(n[:])
	}
	var hdr [13]byte
	binary.BigEndian.PutUint32(hdr[0:], uint32(r.w))
	binary.BigEndian.PutUint32(hdr[4:], uint32(r.h))
	hdr[8], hdr[9] = 8, 3 // 8 bits per index, paletted
	chunk("IHDR", hdr[:])
	plte := []byte{0, 0, 0}
	for _, c := range r.palette {
		plte = append(plte, c[0], c[1], c[2])
	}
	chunk("PLTE", plte)
	chunk("tRNS", []byte{0})
	var z bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&z, zlib.BestSpeed)
	for j := range r.h {
		zw.Write([]byte{0}) // filter: none
		zw.Write(r.pix[j*r.w : (j+1)*r.w])
	}
	zw.Close()
	chunk("IDAT", z.Bytes())
	chunk("IEND", nil)
	return out.Bytes()
}

// dataURL returns the picture as a data: URL.
func (r *raster) dataURL() string {
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(r.png())
}
