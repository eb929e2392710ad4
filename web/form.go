package web

import (
	"errors"
	"net/url"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
)

// BrowserLimit is the largest guest (and host) the browser runs an anytime
// search (PAIRS) on, or a comparison; above it the page offers to run the
// instance as a server job, because the tab would otherwise freeze for
// seconds (see the package doc, Platform notes).
const BrowserLimit = solve.BrowserSearchLimit

// HeuristicLimit is the largest instance the browser maps with the other
// algorithms: they take milliseconds even at 64K vertices (rowmajor on
// 256x256 well under one), and the drawing is then a heat map image.
const HeuristicLimit = solve.BrowserHeuristicLimit

// browserLimit is the size cap of the browser for an instance: it follows
// the algorithm's cost, not the node count alone.
func browserLimit(in spec.Instance) int {
	if a, ok := solve.Lookup(in.Algo); ok && !a.Search {
		return HeuristicLimit
	}
	return BrowserLimit
}

// tooBig reports whether in is above the browser's cap for it.
func tooBig(in spec.Instance) bool {
	n := browserLimit(in)
	return in.Guest.Order() > n || in.Host.Size() > n
}

// Defaults shown when a page is opened without a query: the Xor paper's
// worked example (González & Valero-García 1993, a 4-cube on a 16-ring).
const (
	defaultGuest = "hypercube:4"
	defaultHost  = "ring:16"
	defaultAlgo  = "xor"
)

// form holds the instance fields as typed, so that an invalid value stays
// visible next to its message. Keys are those of spec.Instance.Query.
type form struct {
	Guest, Host, Algo, Seed, Start, Budget, Moves, Ta, Tc string
	Objective                                             string
	Nodes, RanksPerNode                                   string
	// edited is "guest" or "host", whichever the user changed last: a size
	// mismatch is reported under it (not in the URL).
	edited string
}

// text returns the form's text of the field of spec.Fields of that name,
// or nil for a name the form does not hold: the one place that maps the
// field table onto the form (TestFormHoldsEveryField).
func (f *form) text(name string) *string {
	switch name {
	case "guest":
		return &f.Guest
	case "host":
		return &f.Host
	case "algo":
		return &f.Algo
	case "seed":
		return &f.Seed
	case "start":
		return &f.Start
	case "budget":
		return &f.Budget
	case "moves":
		return &f.Moves
	case "ta":
		return &f.Ta
	case "tc":
		return &f.Tc
	case "objective":
		return &f.Objective
	case "nodes":
		return &f.Nodes
	case "ranksPerNode":
		return &f.RanksPerNode
	}
	return nil
}

// formFromQuery reads the instance keys of q (those of spec.Fields); a
// query without guest, host and algo gets the defaults, and one without
// algo gets the first applicable algorithm (the one the algorithm list
// shows).
func formFromQuery(q url.Values) form {
	var f form
	for _, fld := range spec.Fields {
		if p := f.text(fld.Name); p != nil {
			*p = q.Get(fld.Name)
		}
	}
	if f.Guest == "" && f.Host == "" && f.Algo == "" {
		f.Guest, f.Host, f.Algo = defaultGuest, defaultHost, defaultAlgo
	}
	if f.Algo == "" {
		f.Algo = f.firstApplicable()
	}
	return f
}

// firstApplicable names the first algorithm that maps the guest onto the
// host as typed, or "" if they do not parse or none applies.
func (f form) firstApplicable() string {
	g, err1 := parseGuest(f.Guest)
	h, err2 := spec.ParseHost(f.Host)
	if err1 != nil || err2 != nil {
		return ""
	}
	if as := solve.Applicable(g, h); len(as) > 0 {
		return as[0].Name
	}
	return ""
}

// fieldErrors maps a field name to the message shown under it.
type fieldErrors map[string]string

// check parses every field with the spec parsers (the ones the CLI and API
// use) and, if they parse, asks the solver whether the instance is valid.
// It returns the instance and the message of every invalid field.
func (f form) check() (spec.Instance, fieldErrors) {
	errs := fieldErrors{}
	var in spec.Instance
	var err error
	if in.Guest, err = parseGuest(f.Guest); err != nil {
		errs["guest"] = err.Error()
	}
	if in.Host, err = spec.ParseHost(f.Host); err != nil {
		errs["host"] = err.Error()
	}
	// No algorithm (a permalink without one, none applying): the guest's
	// or host's message says why, else solve.NoneApplies (checkSolver).
	if in.Algo, err = spec.ParseAlgo(f.Algo); err != nil && f.Algo != "" {
		errs["algo"] = err.Error()
	}
	f.parseOptional(&in, errs)
	if errs["guest"] == "" && pendingGraph(in.Guest) != "" {
		errs["guest"] = errGraphLoading.Error() // the page fetches it (fetchGraph)
	}
	if len(errs) == 0 && !serverChecks(in) {
		f.checkSolver(in, errs)
	}
	return in, errs
}

// serverChecks reports whether in is the server's to check, when its job
// is submitted, within its caps: an allocation (nodes, ranksPerNode) on a
// host larger than the browser maps, where resolving the nodes costs the
// host's size (nodes=0-16000000 on torus:4096x4096: 16 CPU-s and 1.3 GB
// in the pre-render of an anonymous page load).
func serverChecks(in spec.Instance) bool {
	return (in.Nodes != "" || in.RanksPerNode > 0) && in.Host.Size() > browserLimit(in)
}

// parseOptional parses the optional fields of spec.Fields that are set
// into in, and their errors into errs, each with the table's parser (the
// one ParseQuery calls), so that each message is exactly the parser's; a
// field in error leaves in as it was.
func (f form) parseOptional(in *spec.Instance, errs fieldErrors) {
	for _, fld := range spec.Fields {
		p := f.text(fld.Name)
		if fld.Required || p == nil || *p == "" {
			continue
		}
		one := *in
		if err := fld.Parse(&one, *p); err != nil {
			errs[fld.Name] = err.Error()
			continue
		}
		*in = one
	}
}

// checkSolver asks the solver whether in, whose fields parse, is valid
// (which algorithm applies, if none is chosen) and puts its message under
// the field to change: a size mismatch under the field edited last.
func (f form) checkSolver(in spec.Instance, errs fieldErrors) {
	var err error
	if in.Algo == "" {
		err = solve.NoneApplies(in)
	} else {
		_, err = solve.Check(in)
	}
	if err != nil {
		field := spec.FieldOf(err)
		switch {
		case errors.Is(err, solve.ErrSizes) && f.edited != "":
			field = f.edited
		case field == "":
			field = "algo"
		}
		errs[field] = err.Error()
	}
}

// algoChoices returns the algorithms offered for the guest and host as
// typed: those applicable when both parse, else all of them. New
// algorithms appear here as they are registered.
func (f form) algoChoices() []solve.Algorithm {
	g, err1 := parseGuest(f.Guest)
	h, err2 := spec.ParseHost(f.Host)
	if err1 == nil && err2 == nil {
		if as := solve.Applicable(g, h); len(as) > 0 {
			return as
		}
	}
	return solve.All()
}

// pageURL is the canonical permalink of a page: the instance's canonical
// query plus the page's own keys (queryString sorts them).
// A zero instance (not parsed yet) gives the bare path.
func pageURL(path string, in spec.Instance, extra url.Values) string {
	if in.Guest.IsZero() || in.Host == nil {
		return path
	}
	q := in.Query()
	for k, vs := range extra {
		for _, v := range vs {
			if v != "" {
				q.Add(k, v)
			}
		}
	}
	return path + "?" + queryString(q)
}

// queryString encodes q as url.Values.Encode does, keys sorted, but keeps
// literal the characters of the specs that RFC 3986 allows in a query
// (: , @ / ?), so that a permalink reads as typed:
// "guest=grid:9x8&host=fattree:4,3:cores%3D8". What a query cannot hold
// as is stays escaped (& = # + % space, non-ASCII), and url.ParseQuery
// reads both forms, so older, fully escaped permalinks still open. (A
// literal % is escaped as %25, so no other sequence reads as the escapes
// undone; strings.NewReplacer would do the same for 9 KB more of wasm.)
func queryString(q url.Values) string {
	s := q.Encode()
	for _, r := range ":,@/?" {
		s = strings.ReplaceAll(s, url.QueryEscape(string(r)), string(r))
	}
	return s
}

// atoiOr parses a non-negative int, or returns def.
func atoiOr(s string, def int) int {
	v, err := strconv.Atoi(s)
	if err != nil || v < 0 {
		return def
	}
	return v
}

// navigate pushes target (a path and query) as a new history entry unless
// the page is already there, its query written either way (queryString):
// go-app would push a duplicate entry for the same URL (it compares with
// a URL it has since given a scheme), and the back button would then seem
// not to work.
func navigate(ctx app.Context, target string) {
	if cur := ctx.Page().URL(); cur != nil && (cur.RequestURI() == target || cur.Path+"?"+queryString(cur.Query()) == target) {
		return
	}
	ctx.Navigate(target)
}

// replaceURL replaces the current history entry with target, without
// navigating: for continuous controls (sliders), whose every step would
// otherwise be a history entry.
func replaceURL(ctx app.Context, target string) {
	u, err := url.Parse(target)
	if err != nil || app.IsServer {
		return
	}
	ctx.Page().ReplaceURL(u)
}

// instanceKeys returns the guest and host as typed, as a query ("" when
// both are empty): what the navigation keeps from page to page.
func (f form) instanceKeys() string {
	q := url.Values{}
	for k, v := range map[string]string{"guest": f.Guest, "host": f.Host} {
		if v != "" {
			q.Set(k, v)
		}
	}
	return queryString(q)
}
