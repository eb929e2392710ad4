package web

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// example is one case of the gallery: a permalink with its title and what
// it shows.
type example struct {
	id, title, about, link string
}

// examples is the gallery of curated cases on the explorer's first screen,
// each one permalink (the browser tests open every one and wait for its
// figure).
var examples = []example{
	{"xor-ring", "Xor paper's ring", "hypercube:6 on ring:64 by the Xor embedding (González & Valero-García)",
		"/?algo=xor&guest=hypercube:6&host=ring:64"},
	{"thesis-grid", "Thesis 9×8 → 12×6", "the 9×8 grid on the 12×6 mesh by the band (STEP) embedding of the thesis' Fig. 9.4",
		"/?algo=step&guest=grid:9x8&host=mesh:12x6"},
	{"halo-fattree", "Halo on a fat tree with cores", "a 512-rank 3-D halo (grid:8x8x8) on a 64-node fat tree with 8 cores a node, by nested bricks",
		"/?algo=bricks&guest=grid:8x8x8&host=fattree:4,3:cores%3D8"},
	{"mesh-dragonfly", "Mesh-like graph on a dragonfly", "a generated 16×16 stencil standing in for a mesh's quotient graph (topomap ships no third-party mesh; upload your own) on a 256-node dragonfly",
		"/?algo=bricks&guest=grid:16x16&host=dragonfly:8,4,4,8"},
	{"congestion", "Congestion", "PAIRS minimising the squared link loads of grid:64x16 on torus:32x32: the largest load falls from 8 (minimising hop-bytes) to 6",
		"/?algo=pairs&guest=grid:64x16&host=torus:32x32&moves=30000&objective=congestion&seed=1"},
	{"gantt", "Gantt comparison", "the schedule of hypercube:3's exchange on line:8, standard embedding against placement by weight",
		"/gantt?algo=standard&guest=hypercube:3&host=line:8&vs=byweight"},
}

// intro is the explorer's first screen: what topomap does in three
// sentences (its terms explained on hover), and the gallery.
func intro() app.UI {
	return app.Section().ID("intro").Class("intro").Body(
		app.H1().Text("Place a parallel program on a machine's network"),
		app.P().Class("pitch").Body(
			app.Text("topomap maps the processes of a parallel program, the "), termText("guest"),
			app.Text(" (a hypercube, a grid or your own communication graph), onto the nodes of a machine, the "), termText("host"),
			app.Text(" (ring, mesh, torus, fat tree, dragonfly, with cores), so that processes that talk a lot sit few hops apart. "),
			app.Text("Pick both and an algorithm: it maps them in your browser and draws where every process lands. "),
			app.Text("It scores each placement by "), termText("hop-bytes"), app.Text(", "), termText("dilation"),
			app.Text(" and link loads against proven lower "), termText("bounds"),
			app.Text(", and exports it as a rankfile, Slurm hostfile or MPI mapfile."),
		),
		app.Nav().ID("examples").Aria("label", "Examples").Body(
			app.Span().Class("examples-head").Text("Examples:"),
			app.Range(examples).Slice(func(i int) app.UI {
				e := examples[i]
				return app.A().Class("example").DataSet("example", e.id).Href(e.link).Title(e.about).Text(e.title)
			}),
		),
	)
}
