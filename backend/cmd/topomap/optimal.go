package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/bits"

	"topomap/algorithms/metric"
	"topomap/algorithms/optimal"
	"topomap/algorithms/spec"
	"topomap/algorithms/topology"
)

func init() {
	commands["optimal"] = command{"check the Xor paper's optimality theorem on a ring of 2^d nodes by exhaustive search", runOptimal}
}

// optimalReport is the JSON output of topomap optimal.
type optimalReport struct {
	Host string `json:"host"`
	optimal.Result
	// Verified: the minimum equals the theorem's bound and the Xor
	// embedding attains it.
	Verified bool `json:"verified"`
}

func runOptimal(ctx context.Context, args []string, stdout io.Writer) error {
	fs := newFlags("optimal")
	host := fs.String("host", "", fmt.Sprintf("host `spec`: ring:K with K = 2^d, 2 ≤ d ≤ %d", optimal.MaxDim))
	format := fs.String("format", "text", "output `format`: json or text")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *format != "json" && *format != "text" {
		return fmt.Errorf("unknown --format %q (want json or text)", *format)
	}
	if *host == "" {
		return fmt.Errorf("missing --host")
	}
	h, err := spec.ParseHost(*host)
	if err != nil {
		return err
	}
	k := h.Size()
	if g, ok := h.(topology.Grid); !ok || g.Rank() != 1 || !g.Wraps(0) || k&(k-1) != 0 || k < 4 || k > 1<<optimal.MaxDim {
		return fmt.Errorf("optimal needs ring:K with K = 2^d, 2 ≤ d ≤ %d (K = 4 … %d), not %s", optimal.MaxDim, 1<<optimal.MaxDim, h)
	}
	r, err := optimal.Ring(ctx, bits.TrailingZeros(uint(k)))
	if err != nil {
		return err
	}
	rep := optimalReport{Host: h.String(), Result: r, Verified: r.MinSum == r.XorBound && sumInts(r.XorDistances) == r.MinSum}
	if *format == "json" {
		enc := json.NewEncoder(stdout)
		return enc.Encode(rep)
	}
	return writeOptimalText(stdout, rep)
}

func writeOptimalText(w io.Writer, rep optimalReport) error {
	bw := bufio.NewWriter(w)
	r := rep.Result
	fmt.Fprintf(bw, "%s: every constant-distance embedding of the %d-cube, by exhaustive search\n", rep.Host, r.D)
	fmt.Fprintf(bw, "minimum Σ D_i       %d (D_a = %.4f)\n", r.MinSum, r.MinAvg)
	fmt.Fprintf(bw, "optimal vectors     %v (sorted; every permutation of the dimensions attains it too)\n", r.Optimal)
	fmt.Fprintf(bw, "attaining embedding vertex on each ring position:")
	at := make([]int, len(r.Place))
	for v, p := range r.Place {
		at[p] = v
	}
	for _, v := range at {
		fmt.Fprintf(bw, " %d", v)
	}
	bw.WriteByte('\n')
	fmt.Fprintf(bw, "xor embedding       D = %v, Σ = %d; theorem: Σ ≥ 3·2^(d-2) - 1 = %d\n", r.XorDistances, sumInts(r.XorDistances), r.XorBound)
	fmt.Fprintf(bw, "standard embedding  Σ = %d\n", r.StandardSum)
	fmt.Fprintf(bw, "search              %s, %s tried\n", metric.Plural(int(r.Vectors), "distance vector"), metric.Plural(int(r.Steps), "position"))
	if rep.Verified {
		fmt.Fprintf(bw, "theorem verified for d = %d: the Xor embedding is optimal\n", r.D)
	} else {
		fmt.Fprintf(bw, "THEOREM NOT CONFIRMED for d = %d\n", r.D)
	}
	return bw.Flush()
}

func sumInts(xs []int) int {
	s := 0
	for _, x := range xs {
		s += x
	}
	return s
}
