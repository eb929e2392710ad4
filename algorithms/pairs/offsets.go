package pairs

import (
	"math/bits"

	"topomap/algorithms/internal/axis"
	"topomap/algorithms/topology"
)

// offsets is a grid host's table of distances by offset, our reading
// [P]: each slot's node has a code (state.slotCode), its coordinates in
// mixed radix, axis j of weight Π_{i<j} (2·dim_i − 1), so that x − y +
// mid codes the offset between the nodes of codes x and y (their
// coordinates' differences shifted by dim_j − 1 ≥ 0), and hops[x−y+mid]
// is their distance: one load an arc, where the axes took a difference,
// an absolute value and a wrap each (the same placements in less CPU
// time: copter2's 4096-part quotient on torus:16x16x16, of mean degree
// 43, 7.4–8.0 → 5.2–5.8 s; grid 16x16 onto torus 16x16, 219 → 181 ns a
// move; 4- and 5-axis hosts about half). Hosts of at most maxOffsets
// offsets between nodes, Π (2·dim_j − 1), have one.
type offsets struct {
	hops []int32
	mid  uint32
}

// maxOffsets bounds the hosts that get a table of distances by offset:
// 4 MB at most (torus:8x8x16 has 6,975 offsets, torus:64x64x32
// 1,016,127, torus:512x512 1,046,529). Beyond, a table no longer pays:
// torus:1024x1024's, of 4,190,209 offsets (16 MB), made grid:2048x512's
// 15.7M moves (--budget 8s) in 9.8-10.4 CPU-s, against 9.8-9.9 with the
// axes' arithmetic.
const maxOffsets = 1 << 20

// tabulated reports whether grid host g gets a table of distances by
// offset: not a hypercube's nodes (see hamming), at least one axis, at
// most maxOffsets offsets.
func tabulated(g topology.Grid) bool {
	if hamming(g) || g.Rank() < 1 {
		return false
	}
	size := 1
	for j := range g.Rank() {
		if size *= 2*g.Dim(j) - 1; size > maxOffsets {
			return false
		}
	}
	return true
}

// newOffsets returns the table of a host that is tabulated, and the codes
// of its slots, which have the c coordinates of each row of tab, on axes
// of those sizes and spans (axis.Hops).
func newOffsets(tab, dims, span []int32) (*offsets, []uint32) {
	size := 1
	for _, k := range dims {
		size *= int(2*k - 1)
	}
	c := len(dims)
	o, codes := &offsets{hops: make([]int32, size)}, make([]uint32, len(tab)/c)
	weight := uint32(1)
	for j, k := range dims {
		for p := range codes {
			codes[p] += uint32(tab[p*c+j]) * weight
		}
		o.mid += uint32(k-1) * weight
		weight *= uint32(2*k - 1)
	}
	for i := range o.hops {
		rest := int32(i)
		for j, k := range dims {
			o.hops[i] += axis.Hops(rest%(2*k-1)-(k-1), span[j])
			rest /= 2*k - 1
		}
	}
	return o, codes
}

// deltaCodes is delta on a host whose slots have codes (state.slotCode):
// a word's arithmetic per arc instead of a loop over the axes.
func (s *state) deltaCodes(a, b, pa, pb int32) (float64, int64) {
	from, to := s.slotCode[pa], s.slotCode[pb]
	d, q := s.gainCodes(a, b, from, to)
	if b >= 0 {
		db, qb := s.gainCodes(b, a, to, from)
		d, q = d+db, q+qb
	}
	return 2 * d, 2 * q
}

// gainCodes is gain on a host whose slots have codes: moving a from the
// node of code f to that of code t. Each kind of code has its loop: one
// that asked which kind every arc cost the lattices 5 to 10 % more a
// move.
func (s *state) gainCodes(a, skip int32, f, t uint32) (float64, int64) {
	if s.offs != nil {
		return s.gainOffsets(a, skip, f, t)
	}
	return s.gainBits(a, skip, f, t)
}

// gainOffsets is gainCodes on a host with a table of distances by
// offset.
func (s *state) gainOffsets(a, skip int32, f, t uint32) (float64, int64) {
	hops, code, adj := s.offs.hops, s.code, s.adj
	t, f = t+s.offs.mid, f+s.offs.mid
	lo, hi := s.off[a], s.off[a+1]
	var q int64
	if s.w == nil {
		var h int32
		for _, u := range adj[lo:hi] {
			if u == skip {
				continue
			}
			hn, ho := hops[t-code[u]], hops[f-code[u]]
			h += hn - ho
			q += int64(hn*hn - ho*ho)
		}
		return float64(h), q
	}
	var d float64
	for e := lo; e < hi; e++ {
		u := adj[e]
		if u == skip {
			continue
		}
		hn, ho := hops[t-code[u]], hops[f-code[u]]
		d += s.w[e] * float64(hn-ho)
		q += int64(hn)*int64(hn) - int64(ho)*int64(ho)
	}
	return d, q
}

// gainBits is gainCodes on a hypercube's nodes, whose codes are their
// coordinates' bits: the distance is the number of bits that differ.
func (s *state) gainBits(a, skip int32, f, t uint32) (float64, int64) {
	code, adj := s.code, s.adj
	var d float64
	var q int64
	for e := s.off[a]; e < s.off[a+1]; e++ {
		u := adj[e]
		if u == skip {
			continue
		}
		hn, ho := bits.OnesCount32(t^code[u]), bits.OnesCount32(f^code[u])
		q += int64(hn*hn - ho*ho)
		if s.w == nil {
			d += float64(hn - ho)
		} else {
			d += s.w[e] * float64(hn-ho)
		}
	}
	return d, q
}
