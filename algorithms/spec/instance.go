package spec

import (
	"errors"
	"math"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"

	"topomap/algorithms/internal/numtext"
	"topomap/algorithms/topology"
)

// Instance is one mapping problem with its parameters: what a permalink,
// an API request and a CLI invocation all describe.
type Instance struct {
	Guest Guest
	Host  topology.Host
	Algo  string
	// Seed makes randomised algorithms reproducible (0 is a valid seed).
	Seed uint64
	// Start names the mapping a local search starts from ("" = its default).
	Start string
	// Budget bounds the run time of anytime algorithms (0 = their
	// default): PAIRS plans it as moves at their measured cost (see
	// package solve's BudgetText), never reading a clock.
	Budget time.Duration
	// Moves fixes the number of moves of a local search (0 = its default):
	// the count a run reports, so that a link repeats a run its budget cut.
	Moves int64
	// Ta and Tc are the compute time per stage and the time per link of the
	// execution model (0 = not given).
	Ta, Tc float64
	// Objective is what a local search minimises: "" for the hop-bytes
	// (the default, also spelled ObjectiveHopBytes), or
	// ObjectiveCongestion.
	Objective string
	// Nodes is the allocation (""= the whole machine): the nodes the
	// ranks may use, a Slurm hostlist of node names on a host whose nodes
	// have names, else index ranges ("0-15,32-47"); see
	// topology.ResolveNodes. Distances and routes stay the whole
	// machine's.
	Nodes string
	// RanksPerNode (0 = not given) makes every used node hold exactly
	// that many ranks, as srun --ntasks-per-node does (topology.Allocate).
	RanksPerNode int
	// Names are the node names given beside the instance (the CLI's
	// --hostnames, the API's hostnames), in node-index order, which Nodes
	// may name; no field of the table: nil means the machine's own
	// (topology.NamesOf).
	Names []string
}

// MaxNodesText bounds the text of an allocation (a hostlist names many
// nodes in few characters).
const MaxNodesText = 16 << 10

// ParseNodes checks the text of an allocation: not blank, at most
// MaxNodesText bytes. Which nodes it names depends on the host
// (Allocation reads it).
func ParseNodes(s string) (string, error) {
	t := strings.TrimSpace(s)
	if t == "" || len(t) > MaxNodesText {
		return "", &FieldError{"nodes", syntaxf("nodes: want a Slurm hostlist of node names (nid[00001-00004,00007]) or index ranges (0-15,32-47), at most %s characters", numtext.Count(MaxNodesText))}
	}
	return t, nil
}

// ParseRanksPerNode parses the ranks per node, 1 to topology.MaxCores.
func ParseRanksPerNode(s string) (int, error) {
	v, err := strconv.Atoi(s)
	if err != nil || v < 1 || v > topology.MaxCores {
		return 0, &FieldError{"ranksPerNode", syntaxf("ranksPerNode %.64q: want a whole number from 1 to %s", s, numtext.Count(topology.MaxCores))}
	}
	return v, nil
}

// Allocation returns the machine restricted to in's nodes with its ranks
// per node for the guest's ranks, or nil when in gives neither (the
// whole machine). Errors are *FieldError on nodes or ranksPerNode.
func (in Instance) Allocation() (*topology.Allocation, error) {
	if in.Nodes == "" && in.RanksPerNode == 0 {
		return nil, nil
	}
	var ids []int
	if in.Nodes != "" {
		var err error
		if ids, err = topology.ResolveNodes(in.Nodes, in.Host, in.Names); err != nil {
			return nil, &FieldError{"nodes", fail("nodes", in.Nodes, err)}
		}
	}
	a, err := topology.Allocate(in.Host, ids, in.RanksPerNode, in.Guest.Order())
	if err != nil {
		field := "nodes"
		if in.RanksPerNode > 0 {
			field = "ranksPerNode"
		}
		return nil, &FieldError{field, err}
	}
	return a, nil
}

// The objectives of a local search, as the CLI, the API and permalinks
// spell them (congestion is Σ L² over the directed links: package pairs'
// Congestion).
const (
	ObjectiveHopBytes   = "hopbytes"
	ObjectiveCongestion = "congestion"
)

// ParseObjective reads an objective; the default, hop-bytes, is "" in an
// Instance, so that a permalink spells it one way only.
func ParseObjective(s string) (string, error) {
	switch s {
	case "", ObjectiveHopBytes:
		return "", nil
	case ObjectiveCongestion:
		return s, nil
	}
	return "", &FieldError{"objective", syntaxf("objective %.64q: want %s or %s", s, ObjectiveHopBytes, ObjectiveCongestion)}
}

// ObjectiveTitle names objective o (as ParseObjective returns it) as the
// reports and the page's selector show it.
func ObjectiveTitle(o string) string {
	if o == ObjectiveCongestion {
		return "congestion (Σ squared link loads)"
	}
	return "hop-bytes"
}

// FieldError is a validation error tied to one input field, named as in
// the query string and the JSON API.
type FieldError struct {
	Field string
	Err   error
}

func (e *FieldError) Error() string { return e.Err.Error() }
func (e *FieldError) Unwrap() error { return e.Err }

// FieldOf returns the field an error is about, or "".
func FieldOf(err error) string {
	if fe, ok := errors.AsType[*FieldError](err); ok {
		return fe.Field
	}
	return ""
}

// algoName: lower-case words joined by hyphens (pairs-uniform), at most 32
// bytes (checked apart).
var algoName = regexp.MustCompile(`^[a-z][a-z0-9]*(-[a-z0-9]+)*$`)

// MaxBudget bounds Budget.
const MaxBudget = time.Hour

// ParseAlgo checks the syntax of an algorithm name (whether it exists is
// the solver's business).
func ParseAlgo(s string) (string, error) {
	if len(s) > 32 || !algoName.MatchString(s) {
		return "", &FieldError{"algo", syntaxf("algorithm %.64q: want a lower-case name such as xor, affn or pairs-uniform", s)}
	}
	return s, nil
}

// ParseBudget parses a Go duration such as "2s" or "500ms" in [0, MaxBudget].
func ParseBudget(s string) (time.Duration, error) {
	d, err := time.ParseDuration(s)
	if err != nil || d < 0 || d > MaxBudget {
		return 0, &FieldError{"budget", syntaxf("budget %.64q: want a duration such as 2s, at most %gh", s, MaxBudget.Hours())}
	}
	if d == 0 && strings.ContainsAny(s, "123456789") { // 0.5ns: not "none"
		return 0, &FieldError{"budget", syntaxf("budget %.64q is below 1ns, the least budget (0 for none)", s)}
	}
	return d, nil
}

// MaxMoves bounds Moves (about an hour of PAIRS at 64K objects).
const MaxMoves = 1 << 34

// ParseMoves parses a move count in [0, MaxMoves].
func ParseMoves(s string) (int64, error) {
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil || v < 0 || v > MaxMoves {
		return 0, &FieldError{"moves", syntaxf("moves %.64q: want a whole number from 0 to %s", s, numtext.Count(MaxMoves))}
	}
	return v, nil
}

// MinTime and MaxTime bound a model time other than 0 (ta, tc): times
// are in any one unit, and this range of 18 orders of magnitude keeps
// every figure of a schedule readable without scientific notation, where
// a subnormal 1e-320 would print as 320 digits.
const (
	MinTime = 1e-9
	MaxTime = 1e9
)

// TimeRange says the range of a model time for people (ParseTime's
// message, the CLI's help): "0 or a number from 0.000000001 to
// 1,000,000,000 (any unit, the same for ta and tc)".
var TimeRange = "0 or a number from " + strconv.FormatFloat(MinTime, 'f', -1, 64) +
	" to " + numtext.Thousands(int64(MaxTime)) + " (any unit, the same for ta and tc)"

// ParseTime parses a model time (ta or tc): 0 or a number in [MinTime,
// MaxTime].
func ParseTime(field, s string) (float64, error) {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(v) || v != 0 && (v < MinTime || v > MaxTime) {
		return 0, &FieldError{field, syntaxf("%s %.64q: want %s", field, s, TimeRange)}
	}
	return v, nil
}

// ParseQuery reads an instance from its query form (the permalink):
// guest, host, algo (required) and seed, start, budget, moves, ta, tc,
// objective (optional), as Fields reads them.
func ParseQuery(q url.Values) (Instance, error) { return ParseFields(q.Get) }

// Query returns the canonical query form; url.Values.Encode sorts the keys,
// so equal instances give equal permalinks. Zero optional fields are left
// out (Fields writes them).
func (in Instance) Query() url.Values {
	q := url.Values{}
	for _, f := range Fields {
		if s := f.Format(in); s != "" || f.Required {
			q.Set(f.Name, s)
		}
	}
	return q
}
