package sim

import (
	"errors"
	"fmt"
	"math"

	"topomap/algorithms/guest"
	"topomap/algorithms/mapping"
	"topomap/algorithms/topology"
)

// ErrInvalid is wrapped by every error of Run.
var ErrInvalid = errors.New("sim: invalid input")

// Kind is what a process does during a phase.
type Kind uint8

// The phase kinds, in the order they occur within a stage.
const (
	Compute Kind = iota
	Wait
	Communicate
)

var kindNames = [...]string{"compute", "wait", "communicate"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("kind(%d)", uint8(k))
}

// MarshalText gives the JSON form "compute", "wait" or "communicate".
func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText parses the JSON form.
func (k *Kind) UnmarshalText(b []byte) error {
	for i, n := range kindNames {
		if string(b) == n {
			*k = Kind(i)
			return nil
		}
	}
	return fmt.Errorf("sim: unknown phase kind %q", b)
}

// Phase is one interval of one process's timeline.
type Phase struct {
	Stage int     `json:"stage"`
	Kind  Kind    `json:"kind"`
	Start float64 `json:"start"`
	End   float64 `json:"end"`
}

// Summary holds the figures of a whole run. Process-time sums run over all
// 2^d processes.
type Summary struct {
	// Total is T = d·T_a + C, the time at which the last process ends.
	Total float64 `json:"total"`
	// Communication is C = max_n T_{d-1}(n), waiting included.
	Communication float64 `json:"communication"`
	// CommHops is C / t_c, in links.
	CommHops int64 `json:"commHops"`
	// ComputeTotal = 2^d·d·T_a; CommunicateTotal = t_c·Σ_n Σ_i D_i(n).
	ComputeTotal     float64 `json:"computeTotal"`
	CommunicateTotal float64 `json:"communicateTotal"`
	// WaitTotal sums the waiting periods before exchanges.
	WaitTotal float64 `json:"waitTotal"`
	// IdleTotal = 2^d·T - busy time: the waits plus the time processes
	// spend finished before the last one; IdleShare = IdleTotal / (2^d·T).
	IdleTotal float64 `json:"idleTotal"`
	IdleShare float64 `json:"idleShare"`
	// MaxWait is the longest total wait of one process.
	MaxWait float64 `json:"maxWait"`
}

// Schedule is the evaluated model for one mapping.
type Schedule struct {
	// D is the cube dimension (number of stages).
	D       int
	Ta, Tc  float64
	Mapping *mapping.Mapping
	// Algo optionally names the embedding, for the JSON output.
	Algo string
	// ready[i<<D|n] = T_i(n) / t_c, an integer number of links.
	ready   []int32
	summary Summary
}

// Models reports whether the compute-and-communicate model describes
// the guests of kind k: the d-cubes, whose algorithms (FFT, bitonic sort)
// exchange along one dimension per stage. Every caller that offers the
// model (the schedule use case, the Gantt pages) asks here.
func Models(k guest.Kind) bool { return k == guest.Hypercube }

// Run evaluates recurrence (b) for mapping m of a d-cube onto any host,
// with compute time ta per stage and time tc per link. It validates m.
// O(d·2^d) time, 4·d·2^d bytes.
func Run(m *mapping.Mapping, ta, tc float64) (*Schedule, error) {
	if m == nil || m.Guest == nil || m.Host == nil {
		return nil, fmt.Errorf("%w: no mapping", ErrInvalid)
	}
	if !Models(m.Guest.Kind) {
		return nil, fmt.Errorf("%w: the CC model needs a hypercube guest, not %s", ErrInvalid, m.Guest)
	}
	for _, t := range []struct {
		name string
		v    float64
	}{{"ta", ta}, {"tc", tc}} {
		if t.v < 0 || math.IsNaN(t.v) || math.IsInf(t.v, 0) {
			return nil, fmt.Errorf("%w: %s = %v, want a finite non-negative time", ErrInvalid, t.name, t.v)
		}
	}
	if err := m.Validate(); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInvalid, err)
	}
	d := m.Guest.Dims[0]
	if diam := topology.MaxHops(m.Host); int64(d)*int64(diam) > math.MaxInt32 {
		return nil, fmt.Errorf("%w: %d stages over a host of diameter %d overflow the hop counters", ErrInvalid, d, diam)
	}
	s := &Schedule{D: d, Ta: ta, Tc: tc, Mapping: m, ready: make([]int32, d<<d)}
	s.evaluate()
	return s, nil
}

// evaluate fills ready and the summary. Partners end a stage together
// (T_i(n) = T_i(N_i(n)) because D_i is symmetric), so each pair is
// evaluated once.
func (s *Schedule) evaluate() {
	d, n := s.D, 1<<s.D
	place, host := s.Mapping.Place, s.Mapping.Host
	var commHops int64
	waits := make([]int64, n) // per-process wait, in links
	var prev []int32
	for i := range d {
		cur := s.ready[i<<d : (i+1)<<d]
		bit := 1 << i
		for v := range n {
			if v&bit != 0 {
				continue
			}
			p := v | bit
			hops := int32(host.Hops(place[v], place[p]))
			var a, b int32
			if prev != nil {
				a, b = prev[v], prev[p]
			}
			t := hops + max(a, b)
			cur[v], cur[p] = t, t
			commHops += 2 * int64(hops)
			if a < b {
				waits[v] += int64(b - a)
			} else {
				waits[p] += int64(a - b)
			}
		}
		prev = cur
	}
	s.summarise(prev, waits, commHops)
}

// summarise sets the summary from the ready times of the last stage (nil
// without stages), each process's waits and the hops of all messages, all
// counted in links.
func (s *Schedule) summarise(last []int32, waits []int64, commHops int64) {
	d, n := s.D, len(waits)
	var c int32
	var waitHops, maxWait int64
	for v := range n {
		waitHops += waits[v]
		maxWait = max(maxWait, waits[v])
		if last != nil {
			c = max(c, last[v])
		}
	}
	sum := &s.summary
	sum.CommHops = int64(c)
	sum.Communication = float64(c) * s.Tc
	sum.Total = float64(d)*s.Ta + sum.Communication
	sum.ComputeTotal = float64(n) * float64(d) * s.Ta
	sum.CommunicateTotal = float64(commHops) * s.Tc
	sum.WaitTotal = float64(waitHops) * s.Tc
	sum.MaxWait = float64(maxWait) * s.Tc
	sum.IdleTotal = max(0, float64(n)*sum.Total-sum.ComputeTotal-sum.CommunicateTotal)
	if sum.Total > 0 {
		sum.IdleShare = sum.IdleTotal / (float64(n) * sum.Total)
	}
}

// Summary returns the figures of the whole run.
func (s *Schedule) Summary() Summary { return s.summary }

// Total returns T = d·T_a + C.
func (s *Schedule) Total() float64 { return s.summary.Total }

// Processes returns the number of processes, 2^d.
func (s *Schedule) Processes() int { return 1 << s.D }

// Hops returns T_i(n) / t_c, the links crossed by process n's messages up to
// the end of stage i, waiting included (0 for i < 0).
func (s *Schedule) Hops(i, n int) int {
	if i < 0 {
		return 0
	}
	return int(s.ready[i<<s.D|n])
}

// Dilation returns D_i(n), the hop count of the exchange of process n in
// stage i.
func (s *Schedule) Dilation(i, n int) int {
	return s.Hops(i, n) - max(s.Hops(i-1, n), s.Hops(i-1, n^1<<i))
}

// Finish returns the time at which process n ends its last exchange.
func (s *Schedule) Finish(n int) float64 {
	return float64(s.D)*s.Ta + float64(s.Hops(s.D-1, n))*s.Tc
}

// Phases appends the timeline of process n to dst and returns it: per stage
// a compute phase, a wait phase if the partner is late (zero-length waits
// are left out) and a communicate phase. The wall clock at the end of stage
// i is (i+1)·T_a + T_i(n). O(d).
func (s *Schedule) Phases(n int, dst []Phase) []Phase {
	for i := range s.D {
		own, partner := s.Hops(i-1, n), s.Hops(i-1, n^1<<i)
		start := float64(i)*s.Ta + float64(own)*s.Tc
		computed := start + s.Ta
		dst = append(dst, Phase{Stage: i, Kind: Compute, Start: start, End: computed})
		ready := float64(i+1)*s.Ta + float64(max(own, partner))*s.Tc
		if ready > computed {
			dst = append(dst, Phase{Stage: i, Kind: Wait, Start: computed, End: ready})
		}
		dst = append(dst, Phase{Stage: i, Kind: Communicate, Start: ready, End: float64(i+1)*s.Ta + float64(s.Hops(i, n))*s.Tc})
	}
	return dst
}
