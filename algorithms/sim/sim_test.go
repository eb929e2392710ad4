package sim_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"topomap/algorithms/embedding"
	"topomap/algorithms/guest"
	"topomap/algorithms/mapping"
	"topomap/algorithms/sim"
	"topomap/algorithms/topology"
)

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

type embedFunc func(int, topology.Grid) ([]int, error)

// embed maps the d-cube onto host with f.
func embed(f embedFunc, d int, host *topology.Lattice) *mapping.Mapping {
	return &mapping.Mapping{Guest: must(guest.NewHypercube(d)), Host: host, Place: must(f(d, host))}
}

func line(k int) *topology.Lattice { return must(topology.NewLine(k)) }
func ring(k int) *topology.Lattice { return must(topology.NewRing(k)) }

// hopsVector returns T_i(n)/t_c for every n.
func hopsVector(s *sim.Schedule, i int) []int {
	out := make([]int, s.Processes())
	for n := range out {
		out[n] = s.Hops(i, n)
	}
	return out
}

func TestCubeOnLine(t *testing.T) {
	// [V-num] (package doc), the model of the paper's Fig. 4.b/c: the CC
	// 3-cube on a line, in units of t_c.
	tests := []struct {
		name  string
		f     embedFunc
		T     [3][]int
		C     int
		waits []int // per process, in t_c
	}{
		{"standard", embedding.Standard, [3][]int{
			{1, 1, 1, 1, 1, 1, 1, 1}, {3, 3, 3, 3, 3, 3, 3, 3}, {7, 7, 7, 7, 7, 7, 7, 7}},
			7, []int{0, 0, 0, 0, 0, 0, 0, 0}},
		{"byweight", embedding.ByWeight, [3][]int{
			{3, 3, 4, 4, 4, 4, 3, 3}, {6, 7, 6, 7, 7, 6, 7, 6}, {8, 9, 9, 8, 8, 9, 9, 8}},
			9, []int{2, 1, 1, 0, 0, 1, 1, 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := must(sim.Run(embed(tt.f, 3, line(8)), 0, 1))
			for i := range 3 {
				if got := hopsVector(s, i); !slices.Equal(got, tt.T[i]) {
					t.Errorf("T_%d = %v, want %v", i, got, tt.T[i])
				}
			}
			if got := s.Summary().CommHops; got != int64(tt.C) {
				t.Errorf("C = %d·t_c, want %d·t_c", got, tt.C)
			}
			for n, want := range tt.waits {
				if got := waited(s.Phases(n, nil)); got != float64(want) {
					t.Errorf("process %d waits %v, want %d", n, got, want)
				}
			}
		})
	}
}

func waited(ps []sim.Phase) float64 {
	w := 0.0
	for _, p := range ps {
		if p.Kind == sim.Wait {
			w += p.End - p.Start
		}
	}
	return w
}

func TestByWeightCommunication(t *testing.T) {
	// [V-num] (package doc): C of byweight on a line for d = 3..10
	// (standard: 2^d - 1).
	want := []int64{9, 21, 51, 111, 251, 531, 1161, 2421}
	for d := 3; d <= 10; d++ {
		bw := must(sim.Run(embed(embedding.ByWeight, d, line(1<<d)), 1, 1))
		if got := bw.Summary().CommHops; got != want[d-3] {
			t.Errorf("d=%d: byweight C = %d, want %d", d, got, want[d-3])
		}
		st := must(sim.Run(embed(embedding.Standard, d, line(1<<d)), 1, 1))
		if got := st.Summary().CommHops; got != int64(1<<d-1) {
			t.Errorf("d=%d: standard C = %d, want %d", d, got, 1<<d-1)
		}
	}
}

func TestConstantDistance(t *testing.T) {
	const ta, tc = 2.5, 0.75
	// Package doc: identity on a hypercube gives T = d(T_a + t_c); constant
	// distances never wait and give T = d·T_a + t_c·Σ D_i.
	s := must(sim.Run(embed(embedding.Identity, 5, must(topology.NewHypercube(5))), ta, tc))
	if want := 5 * (ta + tc); s.Total() != want {
		t.Errorf("identity: T = %v, want %v", s.Total(), want)
	}
	for d := 2; d <= 9; d++ {
		s := must(sim.Run(embed(embedding.Xor, d, ring(1<<d)), ta, tc))
		sumD := 3*(1<<(d-2)) - 1 // Xor on a ring (package embedding's doc)
		if want := float64(d)*ta + tc*float64(sumD); math.Abs(s.Total()-want) > 1e-9 {
			t.Errorf("xor d=%d: T = %v, want %v", d, s.Total(), want)
		}
		if s.Summary().WaitTotal != 0 {
			t.Errorf("xor d=%d waits %v", d, s.Summary().WaitTotal)
		}
	}
}

// reference evaluates recurrence (b) literally, in floating point, from
// distances computed by the host.
func reference(m *mapping.Mapping, tc float64) [][]float64 {
	d := m.Guest.Dims[0]
	T := make([][]float64, d)
	for i := range d {
		T[i] = make([]float64, len(m.Place))
		for n := range m.Place {
			p := n ^ 1<<i
			prev := 0.0
			if i > 0 {
				prev = math.Max(T[i-1][n], T[i-1][p])
			}
			T[i][n] = float64(m.Host.Hops(m.Place[n], m.Place[p]))*tc + prev
		}
	}
	return T
}

// TestTimelineProperties checks every embedding on several hosts: the
// recurrence matches a literal evaluation, the phases tile each process's
// time from 0 to its finish in the order compute, [wait], communicate, with
// compute lasting T_a and communicate D_i(n)·t_c, and the summary adds up.
func TestTimelineProperties(t *testing.T) {
	const ta, tc = 1.5, 0.5
	hosts := func(d int) []*topology.Lattice {
		return []*topology.Lattice{line(1 << d), ring(1 << d), must(topology.NewHypercube(d)),
			must(topology.NewTorus(2, 1<<(d-1))), must(topology.NewMesh(1<<(d-1), 2))}
	}
	fs := map[string]embedFunc{"identity": embedding.Identity, "standard": embedding.Standard,
		"byweight": embedding.ByWeight, "gray": embedding.Gray, "xor": embedding.Xor}
	for d := 1; d <= 6; d++ {
		for _, h := range hosts(d) {
			for name, f := range fs {
				place, err := f(d, h)
				if err != nil {
					continue
				}
				m := &mapping.Mapping{Guest: must(guest.NewHypercube(d)), Host: h, Place: place}
				t.Run(fmt.Sprintf("%s d=%d %s", name, d, h), func(t *testing.T) {
					checkTimeline(t, must(sim.Run(m, ta, tc)), reference(m, tc))
				})
			}
		}
	}
}

func checkTimeline(t *testing.T, s *sim.Schedule, ref [][]float64) {
	t.Helper()
	m := s.Mapping
	var busy, wait, maxFinish float64
	for n := range s.Processes() {
		for i := range s.D {
			if got := float64(s.Hops(i, n)) * s.Tc; math.Abs(got-ref[i][n]) > 1e-9 {
				t.Fatalf("T_%d(%d) = %v, reference %v", i, n, got, ref[i][n])
			}
		}
		at := 0.0
		for k, p := range s.Phases(n, nil) {
			if p.Start != at || p.End < p.Start {
				t.Fatalf("process %d phase %d %+v does not start at %v", n, k, p, at)
			}
			switch p.Kind {
			case sim.Compute:
				if p.End-p.Start != s.Ta {
					t.Fatalf("process %d compute %+v", n, p)
				}
				busy += p.End - p.Start
			case sim.Wait:
				if p.End == p.Start {
					t.Fatalf("process %d has a zero-length wait", n)
				}
				wait += p.End - p.Start
			case sim.Communicate:
				want := float64(m.Host.Hops(m.Place[n], m.Place[n^1<<p.Stage])) * s.Tc
				if math.Abs(p.End-p.Start-want) > 1e-9 || s.Dilation(p.Stage, n) != int(want/s.Tc+0.5) {
					t.Fatalf("process %d communicate %+v, want length %v", n, p, want)
				}
				busy += p.End - p.Start
			}
			at = p.End
		}
		if at != s.Finish(n) {
			t.Fatalf("process %d ends at %v, Finish says %v", n, at, s.Finish(n))
		}
		maxFinish = max(maxFinish, at)
	}
	sum := s.Summary()
	if maxFinish != sum.Total {
		t.Errorf("last process ends at %v, Total %v", maxFinish, sum.Total)
	}
	if math.Abs(busy-sum.ComputeTotal-sum.CommunicateTotal) > 1e-6 || math.Abs(wait-sum.WaitTotal) > 1e-6 {
		t.Errorf("busy %v wait %v, summary %+v", busy, wait, sum)
	}
	if idle := float64(s.Processes())*sum.Total - busy; math.Abs(idle-sum.IdleTotal) > 1e-6 || sum.IdleTotal < sum.WaitTotal-1e-9 {
		t.Errorf("idle %v, summary %+v", idle, sum)
	}
}

func TestJSON(t *testing.T) {
	s := must(sim.Run(embed(embedding.ByWeight, 3, line(8)), 1, 1))
	s.Algo = "byweight"
	var b bytes.Buffer
	if err := s.WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	var got sim.Report
	if err := json.Unmarshal(b.Bytes(), &got); err != nil {
		t.Fatalf("%v in %s", err, b.String())
	}
	if want := s.Report(); !reflect.DeepEqual(got, want) {
		t.Errorf("streamed JSON decodes to\n%+v\nReport is\n%+v", got, want)
	}
	// The contract fields of the CLI and API, by name.
	var raw struct {
		Total     *float64 `json:"total"`
		Processes []struct {
			Vertex *int  `json:"vertex"`
			Host   []int `json:"host"`
			Phases []map[string]any
		} `json:"processes"`
	}
	if err := json.Unmarshal(b.Bytes(), &raw); err != nil {
		t.Fatal(err)
	}
	if raw.Total == nil || *raw.Total != 3+9 || len(raw.Processes) != 8 { // T = d·T_a + C = 3 + 9
		t.Fatalf("total %v, %d processes", raw.Total, len(raw.Processes))
	}
	p0 := raw.Processes[0]
	if *p0.Vertex != 0 || !slices.Equal(p0.Host, []int{0}) || len(p0.Phases) != 3+3+2 { // 2 waits (package doc)
		t.Errorf("process 0: %+v", p0)
	}
	for _, key := range []string{"stage", "kind", "start", "end"} {
		if _, ok := p0.Phases[0][key]; !ok {
			t.Errorf("phase lacks %q: %v", key, p0.Phases[0])
		}
	}
	if p0.Phases[1]["kind"] != "communicate" || p0.Phases[3]["kind"] != "wait" {
		t.Errorf("phases of process 0: %v", p0.Phases)
	}
	viaMarshal, err := json.Marshal(s)
	var compact bytes.Buffer
	if err := json.Compact(&compact, b.Bytes()); err != nil {
		t.Fatal(err)
	}
	if err != nil || !bytes.Equal(viaMarshal, compact.Bytes()) {
		t.Errorf("json.Marshal differs from WriteJSON: %v\n%s\n%s", err, viaMarshal, compact.Bytes())
	}
}

func TestRunErrors(t *testing.T) {
	good := embed(embedding.Xor, 3, ring(8))
	gridGuest := &mapping.Mapping{Guest: must(guest.NewGrid([]int{4, 2}, false)), Host: ring(8), Place: []int{0, 1, 2, 3, 4, 5, 6, 7}}
	dup := &mapping.Mapping{Guest: good.Guest, Host: good.Host, Place: []int{0, 0, 1, 2, 3, 4, 5, 6}}
	tests := []struct {
		name   string
		m      *mapping.Mapping
		ta, tc float64
		want   string
	}{
		{"nil", nil, 1, 1, "no mapping"},
		{"grid guest", gridGuest, 1, 1, "needs a hypercube guest"},
		{"negative ta", good, -1, 1, "ta = -1"},
		{"nan tc", good, 1, math.NaN(), "tc = NaN"},
		{"infinite tc", good, 1, math.Inf(1), "tc = +Inf"},
		{"not a bijection", dup, 1, 1, "holds two vertices"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := sim.Run(tt.m, tt.ta, tt.tc)
			if !errors.Is(err, sim.ErrInvalid) || !strings.Contains(err.Error(), tt.want) || !strings.HasPrefix(err.Error(), "sim: ") {
				t.Errorf("err = %v, want sim: ... %q", err, tt.want)
			}
		})
	}
}

func TestKindText(t *testing.T) {
	for _, k := range []sim.Kind{sim.Compute, sim.Wait, sim.Communicate} {
		b, _ := k.MarshalText()
		var back sim.Kind
		if err := back.UnmarshalText(b); err != nil || back != k {
			t.Errorf("%v round-trips to %v, %v", k, back, err)
		}
	}
	var k sim.Kind
	if err := k.UnmarshalText([]byte("sleep")); err == nil {
		t.Error("unknown kind accepted")
	}
}
