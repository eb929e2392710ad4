package metric

import "math"

// Baseline says how a mapping compares with rank order (rank r on slot r,
// what a launcher does when told nothing) on the same slots: the hop-bytes
// and hops per byte of rank order, and the relative change of the
// mapping's hop-bytes from them.
type Baseline struct {
	// Algo names the baseline's algorithm: identity (rank order).
	Algo     string  `json:"algo"`
	HopBytes float64 `json:"hopBytes"`
	// HopsPerByte is null for a guest without messages (0/0, as the
	// metrics' hopsPerByte).
	HopsPerByte *float64 `json:"hopsPerByte"`
	// Change is (hop-bytes − rank order's) / rank order's: −0.267 is
	// 26.7 % fewer hop-bytes than rank order. It is 0 when both are 0 and
	// null when only rank order's are (no ratio to give).
	Change *float64 `json:"change"`
}

// NewBaseline returns the baseline of a mapping of that many hop-bytes
// against the algorithm algo's placement, of base hop-bytes, for a guest
// of that total volume. O(1).
func NewBaseline(algo string, hopBytes, base, volume float64) *Baseline {
	b := &Baseline{Algo: algo, HopBytes: base}
	if volume > 0 {
		perByte := base / volume
		b.HopsPerByte = &perByte
	}
	if c, ok := Change(hopBytes, base); ok {
		b.Change = &c
	}
	return b
}

// Change returns the relative change from base to v, (v − base) / base,
// and whether there is one: 0 from 0 to 0, none from 0 to anything else.
func Change(v, base float64) (float64, bool) {
	switch {
	case base != 0:
		return (v - base) / base, true
	case v == 0:
		return 0, true
	}
	return 0, false
}

// Percent formats a relative change as a signed percentage with one
// decimal and a true minus sign: −0.2667 → "−26.7 %", 0.05 → "+5.0 %",
// 0 (or a change that rounds to it) → "0.0 %".
func Percent(change float64) string {
	p := math.Round(change*1000) / 10
	s := Fixed(math.Abs(p), 1) + " %"
	switch {
	case p < 0:
		return "−" + s
	case p > 0:
		return "+" + s
	}
	return s
}

// ChangeText is the change as a table's cell shows it, Percent's, or
// NoFigure when there is none (no baseline, or no ratio to give).
func (b *Baseline) ChangeText() string {
	if b == nil || b.Change == nil {
		return NoFigure
	}
	return Percent(*b.Change)
}

// Share formats a share of a whole (0 to 1) as a percentage with one
// decimal, written as Percent writes changes: 0.1234 → "12.3 %".
func Share(v float64) string { return Fixed(100*v, 1) + " %" }

// Text says the comparison for people: "−26.7 % hop-bytes vs rank order
// (identity: 120)", rank order's hop-bytes written as every hop-bytes
// figure is (SI: "identity: 72,666,512 (72.7 M)"), or without a ratio
// "rank order (identity) has 0 hop-bytes, this mapping more".
func (b *Baseline) Text() string {
	if b.Change == nil {
		return "rank order (" + b.Algo + ") has 0 hop-bytes, this mapping more"
	}
	return Percent(*b.Change) + " hop-bytes vs rank order (" + b.Algo + ": " + SI(b.HopBytes) + ")"
}
