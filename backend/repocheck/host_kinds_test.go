package repocheck_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// A host kind is an exported type whose methods include Hops(a, b int)
// int (package topology's Host); code outside the file that declares it
// reaches it through the Host interface and optional capabilities
// (topology.Grid, Hierarchy, Family…), never by naming the concrete type
// in a type switch, or in a chain of type assertions that is a type
// switch written out (one function asserting two kinds or more): such a
// switch forgets every kind it does not list, and a new kind then fails
// where it should have been served. Nor does it assert one kind for a
// fast path (assertions): the fast path asks for a capability the kind
// implements, so that a new kind with it takes the fast path too. Nor
// does it name a kind as a type argument (isA[*topology.Lattice], a
// generic helper asserting its type parameter): that is the same
// assertion, written where the helper is instantiated. A type that
// embeds a kind is a kind too (it has the kind's Hops).

// kindChecker finds the code that switches on concrete host kinds in a
// set of Go files of one module.
type kindChecker struct {
	module string
	fset   *token.FileSet
	files  map[string]*ast.File // by path from the module root
	kinds  map[string]string    // "import/path.Type" → the file declaring it
	// embeds lists the embedded field types of exported structs, by
	// "import/path.Type".
	embeds map[string][]embedded
}

// embedded is an embedded field's type expression and the file it is in.
type embedded struct {
	file string
	typ  ast.Expr
}

// newKindChecker parses the files (path from the module root → source)
// and collects the host kinds they declare.
func newKindChecker(module string, srcs map[string][]byte) (*kindChecker, error) {
	c := &kindChecker{module: module, fset: token.NewFileSet(), files: map[string]*ast.File{}, kinds: map[string]string{}, embeds: map[string][]embedded{}}
	types := map[string]string{} // exported type → its file
	for name, src := range srcs {
		f, err := parser.ParseFile(c.fset, name, src, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		c.files[name] = f
		for _, d := range f.Decls {
			c.collect(name, d, types)
		}
	}
	c.addEmbedders()
	for k := range c.kinds {
		c.kinds[k] = types[k]
	}
	return c, nil
}

// collect records the exported types that declaration d declares, and
// the receivers of Hops methods, keyed by package path and name.
func (c *kindChecker) collect(name string, d ast.Decl, types map[string]string) {
	pkg := c.pkgPath(name)
	switch d := d.(type) {
	case *ast.GenDecl:
		for _, s := range d.Specs {
			if ts, ok := s.(*ast.TypeSpec); ok && ts.Name.IsExported() {
				types[pkg+"."+ts.Name.Name] = name
				c.collectEmbeds(name, pkg+"."+ts.Name.Name, ts.Type)
			}
		}
	case *ast.FuncDecl:
		if d.Recv == nil || d.Name.Name != "Hops" || len(d.Recv.List) != 1 {
			return
		}
		recv := d.Recv.List[0].Type
		if s, ok := recv.(*ast.StarExpr); ok {
			recv = s.X
		}
		if id, ok := recv.(*ast.Ident); ok && id.IsExported() {
			c.kinds[pkg+"."+id.Name] = ""
		}
	}
}

// collectEmbeds records the embedded fields of type key, if a struct,
// declared in file name.
func (c *kindChecker) collectEmbeds(name, key string, typ ast.Expr) {
	st, ok := typ.(*ast.StructType)
	if !ok {
		return
	}
	for _, fl := range st.Fields.List {
		if len(fl.Names) == 0 {
			c.embeds[key] = append(c.embeds[key], embedded{name, fl.Type})
		}
	}
}

// addEmbedders adds to the kinds the types that embed a kind, through
// any chain of embeddings.
func (c *kindChecker) addEmbedders() {
	for grown := true; grown; {
		grown = false
		for key, fields := range c.embeds {
			if _, ok := c.kinds[key]; ok {
				continue
			}
			for _, e := range fields {
				if c.kindOf(e.file, c.files[e.file], e.typ) != "" {
					c.kinds[key], grown = "", true
					break
				}
			}
		}
	}
}

// pkgPath returns the import path of the package of file name.
func (c *kindChecker) pkgPath(name string) string {
	if dir := path.Dir(name); dir != "." {
		return c.module + "/" + dir
	}
	return c.module
}

// kindOf returns the host kind that type expression e names in file name
// (f its syntax), or "".
func (c *kindChecker) kindOf(name string, f *ast.File, e ast.Expr) string {
	if s, ok := e.(*ast.StarExpr); ok {
		e = s.X
	}
	var key string
	switch e := e.(type) {
	case *ast.Ident:
		key = c.pkgPath(name) + "." + e.Name
	case *ast.SelectorExpr:
		x, ok := e.X.(*ast.Ident)
		if !ok {
			return ""
		}
		key = importPath(f, x.Name) + "." + e.Sel.Name
	}
	if _, ok := c.kinds[key]; !ok {
		return ""
	}
	return key
}

// importPath returns the path of the package that file f imports as
// name (its last element when not renamed), or "".
func importPath(f *ast.File, name string) string {
	for _, im := range f.Imports {
		p, _ := strconv.Unquote(im.Path.Value)
		if im.Name != nil && im.Name.Name == name || im.Name == nil && path.Base(p) == name {
			return p
		}
	}
	return ""
}

// findings returns "file:line: what" for every type switch naming a host
// kind declared in another file, and every function (closures included)
// that asserts two host kinds or more declared in other files, sorted.
func (c *kindChecker) findings() []string {
	var out []string
	for name, f := range c.files {
		foreign := func(e ast.Expr) string {
			if k := c.kindOf(name, f, e); k != "" && c.kinds[k] != name {
				return k
			}
			return ""
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			asserted := map[string]bool{}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.TypeSwitchStmt:
					for _, cl := range n.Body.List {
						for _, e := range cl.(*ast.CaseClause).List {
							if k := foreign(e); k != "" {
								out = append(out, fmt.Sprintf("%s: type switch on %s", c.fset.Position(e.Pos()), k))
							}
						}
					}
				case *ast.TypeAssertExpr:
					if k := foreign(n.Type); n.Type != nil && k != "" {
						asserted[k] = true
					}
				}
				return true
			})
			if len(asserted) > 1 {
				ks := slices.Sorted(func(yield func(string) bool) {
					for k := range asserted {
						if !yield(k) {
							return
						}
					}
				})
				out = append(out, fmt.Sprintf("%s: %s asserts %s", c.fset.Position(fd.Pos()), fd.Name.Name, strings.Join(ks, ", ")))
			}
		}
	}
	slices.Sort(out)
	return out
}

// assertions returns "file:line:col: asserts kind" for every type
// assertion naming a host kind declared in another file, a switch or not,
// and "file:line:col: kind as a type argument" for every such kind
// instantiating a generic function or type, sorted: a fast path on a
// concrete kind, which a new kind with the same capabilities misses (the
// fast path asks for a capability instead).
func (c *kindChecker) assertions() []string {
	var out []string
	for name, f := range c.files {
		foreign := func(e ast.Expr, what string) {
			if k := c.kindOf(name, f, e); k != "" && c.kinds[k] != name {
				out = append(out, fmt.Sprintf("%s: "+what, c.fset.Position(e.Pos()), k))
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.TypeAssertExpr:
				if n.Type != nil {
					foreign(n.Type, "asserts %s")
				}
			case *ast.IndexExpr:
				foreign(n.Index, "%s as a type argument")
			case *ast.IndexListExpr:
				for _, e := range n.Indices {
					foreign(e, "%s as a type argument")
				}
			}
			return true
		})
	}
	slices.Sort(out)
	return out
}

// treeKinds returns the checker of the repository's non-test Go files.
func treeKinds(t *testing.T) *kindChecker {
	t.Helper()
	srcs := map[string][]byte{}
	for _, f := range trackedFiles(t) {
		if strings.HasSuffix(f.name, ".go") && !strings.HasSuffix(f.name, "_test.go") {
			srcs[f.name] = f.text
		}
	}
	c, err := newKindChecker("topomap", srcs)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestNoSwitchOnHostKinds: no Go code switches on concrete host kinds
// outside the file that declares the kind (see kindChecker); tests may
// (they check what a spec string parses to).
func TestNoSwitchOnHostKinds(t *testing.T) {
	c := treeKinds(t)
	for _, k := range []string{"topomap/algorithms/topology.Lattice", "topomap/algorithms/topology.FatTree", "topomap/algorithms/topology/topotest.Hub"} {
		if _, ok := c.kinds[k]; !ok {
			t.Errorf("host kind %s not found; found %v", k, c.kinds)
		}
	}
	for _, f := range c.findings() {
		t.Errorf("%s: reach the host through topology.Host and its optional capabilities (or give the kind one), not by its concrete type", f)
	}
}

// TestNoAssertionOnHostKinds: no Go code asserts a concrete host kind
// outside the file that declares the kind, not even one kind for a fast
// path (kindChecker.assertions): the fast path asks for a capability the
// kind implements (topology.AxisRouter, Shaped…), so that another kind
// with it is served alike.
func TestNoAssertionOnHostKinds(t *testing.T) {
	c := treeKinds(t)
	for _, a := range c.assertions() {
		t.Errorf("%s: ask for an optional capability that the kind implements, not for its concrete type", a)
	}
}

// TestAssertionOnHostKindsFound: the check finds every assertion of a
// planted kind outside its file (one kind, in the kind's package or
// another, in a closure, renamed import included; a kind as the type
// argument of a generic helper; a type that embeds a kind, through a
// chain of embeddings) and nothing else (the kind's own file, type
// switches' own syntax, a capability, a type parameter).
func TestAssertionOnHostKindsFound(t *testing.T) {
	c := plantedKindsChecker(t)
	want := []string{
		"draw/draw.go:13:17: asserts m/net.Ring",
		"draw/draw.go:14:26: asserts m/net.Tree",
		"draw/draw.go:17:34: asserts m/net.Ring",
		"draw/draw.go:17:56: asserts m/net.Ring",
		"draw/draw.go:20:22: m/net.Ring as a type argument",
		"draw/draw.go:22:27: m/net.Named as a type argument",
		"draw/draw.go:23:36: asserts m/net.Boxed",
		"net/tree.go:2:40: asserts m/net.Tree",
	}
	if got := c.assertions(); !slices.Equal(got, want) {
		t.Errorf("found\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// plantedKinds is a module with two host kinds and code that switches on
// them, or does not, in every form the check knows.
var plantedKinds = map[string]string{
	"net/kinds.go": `package net
type Host interface{ Hops(a, b int) int }
type Ring struct{}
func (r *Ring) Hops(a, b int) int { return 0 }
type Tree struct{}
func (t Tree) Hops(a, b int) int { return 0 }
type Grid interface { Host; Rank() int }
func ownSwitch(h Host) { switch h.(type) { case *Ring: } }
`,
	"net/tree.go": `package net
func treeOnly(h Host) { if _, ok := h.(Tree); ok {} }
func both(h Host) { switch h.(type) { case *Ring, Tree: } }
`,
	"draw/draw.go": `package draw
import (
	"m/net"
	topo "m/net"
)
func layout(h net.Host) {
	switch h.(type) {
	case net.Grid:
	case *topo.Ring:
	}
}
func chain(h net.Host) {
	if _, ok := h.(*net.Ring); ok { return }
	f := func() { _, _ = h.(net.Tree) }
	f()
}
func one(h net.Host) { _, _ = h.(*net.Ring); _, _ = h.(*net.Ring) }
func capability(h net.Host) { if _, ok := h.(net.Grid); ok {} }
func isA[T net.Host](h net.Host) bool { _, ok := h.(T); return ok }
var ring, grid = isA[*net.Ring], isA[net.Grid]
func pair[A, B net.Host]() {}
var both = pair[net.Grid, topo.Named]
func boxed(h net.Host) { _, _ = h.(net.Boxed) }
`,
	"net/named.go": `package net
type Named struct{ *Ring }
type Boxed struct{ Named }
func (n Named) own(h Host) { _, _ = h.(Named) }
`,
}

// plantedKindsChecker returns the checker of plantedKinds.
func plantedKindsChecker(t *testing.T) *kindChecker {
	t.Helper()
	srcs := map[string][]byte{}
	for name, src := range plantedKinds {
		srcs[name] = []byte(src)
	}
	c, err := newKindChecker("m", srcs)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestSwitchOnHostKindsFound: the check finds every planted switch (a
// type switch in another package, renamed import included; one in the
// kind's package but not the kinds' own file; a chain of assertions
// through a closure) and nothing else (a kind's own file, a single kind
// asserted, a capability).
func TestSwitchOnHostKindsFound(t *testing.T) {
	c := plantedKindsChecker(t)
	want := []string{
		"draw/draw.go:12:1: chain asserts m/net.Ring, m/net.Tree",
		"draw/draw.go:9:7: type switch on m/net.Ring",
		"net/tree.go:3:44: type switch on m/net.Ring",
		"net/tree.go:3:51: type switch on m/net.Tree",
	}
	if got := c.findings(); !slices.Equal(got, want) {
		t.Errorf("found\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
