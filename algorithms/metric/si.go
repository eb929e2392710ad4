package metric

import "topomap/algorithms/internal/numtext"

// SI formats a figure for people as Number does and, from 100,000 on
// (in magnitude), adds its value to three significant digits with a
// decimal SI prefix (numtext.SI): 17722368 → "17,722,368 (17.7 M)",
// 12290 → "12,290".
func SI(v float64) string { return numtext.SI(v) }

// Bytes formats a size in bytes as SI does, with the unit, every digit
// exact (numtext.Bytes): 16777216 → "16,777,216 B (16.8 MB)".
func Bytes(n int64) string { return numtext.Bytes(n) }
