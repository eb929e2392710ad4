// Package dims parses and prints the sizes of spec strings ("8x4",
// "hypercube:5"'s dimension) for the host and guest kinds, so that every
// kind reads sizes alike: at most 8 sizes, each ≥ 1, the product bounded
// before anything is allocated.
package dims

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"topomap/algorithms/internal/numtext"
)

// ParseCubeDim parses a hypercube dimension in [1, maxD].
func ParseCubeDim(s string, maxD int) (int, error) {
	d, err := strconv.Atoi(s)
	if err == nil && s != strconv.Itoa(d) {
		return 0, fmt.Errorf("write the dimension %.20q as %d, without leading zeros or sign", s, d)
	}
	if err != nil {
		return 0, fmt.Errorf("dimension %.20q is not a number", s)
	}
	if d < 1 || d > maxD {
		return 0, fmt.Errorf("dimension %d out of [1, %d]", d, maxD)
	}
	return d, nil
}

// ParseSizes parses "A" or "AxBx..." (at most 8 sizes) with each size ≥ 1
// and the product at most limit (of what, for the message). It allocates
// nothing before the count of parts is bounded.
func ParseSizes(s string, limit int, what string) ([]int, error) {
	if s == "" {
		return nil, errors.New("missing sizes")
	}
	if c := strings.Count(s, "x") + 1; c > 8 {
		return nil, fmt.Errorf("%d dimensions, at most 8", c)
	}
	parts := strings.Split(s, "x")
	dims := make([]int, len(parts))
	n := 1
	for i, p := range parts {
		k, err := strconv.Atoi(p)
		if errors.Is(err, strconv.ErrRange) && strings.Trim(p, "0123456789") == "" {
			return nil, fmt.Errorf("size %.20s... of dimension %d is too large", p, i+1)
		}
		if err == nil && k > 0 && p != strconv.Itoa(k) {
			return nil, fmt.Errorf("write the size %.20q as %d, without leading zeros or sign", p, k)
		}
		if p == "" {
			return nil, fmt.Errorf("size of dimension %d missing: write the sizes as whole numbers joined by x (8x8x4)", i+1)
		}
		if err != nil || p != strconv.Itoa(k) {
			return nil, fmt.Errorf("size %.20q is not a positive integer: write the sizes as whole numbers joined by x (8x8x4)", p)
		}
		if k < 1 {
			return nil, fmt.Errorf("size %s of dimension %d, want at least 1", numtext.Count(k), i+1)
		}
		if k > limit || n > limit/k {
			return nil, fmt.Errorf("more than %s %s", numtext.Count(limit), what)
		}
		n *= k
		dims[i] = k
	}
	return dims, nil
}

// Join prints sizes as "AxBx...".
func Join(sizes []int) string {
	parts := make([]string, len(sizes))
	for i, k := range sizes {
		parts[i] = strconv.Itoa(k)
	}
	return strings.Join(parts, "x")
}

// Product returns the product of sizes (1 for none).
func Product(sizes []int) int {
	n := 1
	for _, k := range sizes {
		n *= k
	}
	return n
}
