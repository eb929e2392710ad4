//go:build !js

package solve

// measuredFigures are the figures of each algorithm's Notes.Measured, by
// name: its cost at the largest size the server takes, measured by
// BenchmarkLargest (register appends MeasuredOn). They are the server's
// and the command line's: the browser's client leaves them out
// (measured_js.go), and its algorithms page reads them from the server.
var measuredFigures = map[string]string{
	"standard":     "hypercube:20 → torus:1024x1024: 0.002 CPU-s, 112 MB",
	"byweight":     "hypercube:20 → ring:1048576: 0.0078 CPU-s, 112 MB",
	"gray":         "hypercube:20 → mesh:1024x1024: 0.017 CPU-s, 112 MB",
	"xor":          "hypercube:20 → torus:1024x1024: 0.0075 CPU-s, 112 MB",
	"rowmajor":     "grid:1024x1024 → torus:512x2048: 0.0011 CPU-s, 32 MB",
	"snake":        "grid:1024x1024 → torus:512x2048: 0.0047 CPU-s, 32 MB",
	"mxovlp":       "grid:1024x1024 → torus:512x2048: 0.0023 CPU-s, 32 MB",
	"mxoval":       "grid:1024x1024 → torus:512x2048: 0.0037 CPU-s, 32 MB",
	"exco":         "grid:1024x1024 → torus:512x2048: 0.09 CPU-s, 40 MB",
	"coce":         "grid:1024x1024 → torus:512x2048: 0.037 CPU-s, 40 MB",
	"affn":         "grid:1024x1024 → torus:512x2048: 0.025 CPU-s, 40 MB",
	"step":         "grid:1024x1024 → torus:512x2048: 0.0053 CPU-s, 32 MB",
	"bisect":       "grid:1024x1024 → torus:512x2048: 0.21 CPU-s, 48 MB",
	"stack":        "grid:1024x1024 → torus:128x128x64: 0.0089 CPU-s, 33 MB",
	"fold":         "grid:1024x1024 → torus:128x128x64: 0.35 CPU-s, 77 MB allocated (the thesis' fold and four cuttings priced)",
	"sfc":          "grid:1024x1024 → torus:128x128x64: 0.057 CPU-s, 40 MB",
	"affn3d":       "grid:128x128x64 → torus:64x128x128: 0.05 CPU-s, 50 MB",
	"identity":     "hypercube:20 → hypercube:20: 0.029 CPU-s, 112 MB",
	"block":        "hypercube:20 → torus:256x256:cores=16: 0.0013 CPU-s, 112 MB",
	"cyclic":       "hypercube:20 → torus:256x256:cores=16: 0.0053 CPU-s, 112 MB",
	"bricks":       "grid:1024x1024 → fattree:4,10: 0.28 CPU-s, 56 MB",
	"rb":           largestGraph + " → torus:128x128x64: 35 CPU-s, 650 MB",
	"multisection": largestGraph + " → fattree:32,4: 94 CPU-s, 1,152 MB",
	"greedy":       largestGraph + " → torus:128x128x64: 15 CPU-s, 320 MB",
	"pairs": largestGraph + " → torus:128x128x64: 610 CPU-s, 1,080 MB: its starts rb and greedy 50 CPU-s, " +
		"the search the rest on two threads, 113M moves to its move cap (a job of it ends at the time limit with " +
		"the best placement so far); the peak counts rb's scratch not yet collected, the live heap stays under 650 MB",
	"pairs-uniform": largestGraph + " → torus:128x128x64: 59 CPU-s, 1,050 MB: its starts rb and greedy 50 CPU-s, " +
		"the search converged; the peak counts rb's scratch not yet collected, the live heap stays under 650 MB",
}
