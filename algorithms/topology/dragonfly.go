package topology

import (
	"fmt"

	"topomap/algorithms/internal/numtext"
	"topomap/algorithms/reason"
)

// Dragonfly is the dragonfly of Kim, Dally, Scott & Abts (ISCA 2008): G
// groups of A routers, each router with P terminals (the nodes) and H
// global channels; the routers of a group are all wired to each other.
// Node index = t + P·(r + A·g), coordinates [t, r, g] (see the package doc).
//
// Global wiring, the "absolute" arrangement [P]: channel c = r·H + j of
// group g (router r, port j) leads to group c if c < g, else c+1; the
// channels that would lead past the last group are unused. So groups g
// and g' ≠ g share exactly one channel, which sits on router
// c(g→g') div H of g, with c(g→g') = g' if g' < g, else g'-1.
//
// Hops is the length of the minimal route, counting the two terminal
// links: 2 on one router, 3 within a group, and between groups 3 plus one
// for each end whose router does not hold the channel (3 to 5).
type Dragonfly struct {
	a, p, h, g int
	// by P, A and H: a node's router and group, a channel's router,
	// without a division (distances and routes are the bulk of the
	// metrics and searches on a dragonfly)
	divP, divA, divH divisor
}

// NewDragonfly returns the dragonfly of g groups of a routers with p
// terminals and h global channels each; g ≤ a·h + 1, so that every two
// groups share a channel.
func NewDragonfly(a, p, h, g int) (*Dragonfly, error) {
	if a < 1 || p < 1 || h < 1 || g < 1 {
		return nil, reason.New(ErrInvalid, "dragonfly sizes must be at least 1")
	}
	if g > a*h+1 {
		return nil, reason.New(ErrInvalid, "%s groups, but the %s global channels of a group reach at most %s", numtext.Count(g), numtext.Count(a*h), numtext.Count(a*h+1))
	}
	if _, err := checkedProduct(a, p, g); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInvalid, err)
	}
	return &Dragonfly{a: a, p: p, h: h, g: g, divP: newDivisor(p), divA: newDivisor(a), divH: newDivisor(h)}, nil
}

func parseDragonfly(args string) (Host, error) {
	ps, err := parseParams(args, MaxNodes, "A", "P", "H", "G")
	if err != nil {
		return nil, err
	}
	a, p, h, g := ps[0], ps[1], ps[2], ps[3]
	if g > a*h+1 {
		return nil, fmt.Errorf("G = %s groups, but A·H = %s global channels per group reach at most %s groups", numtext.Count(g), numtext.Count(a*h), numtext.Count(a*h+1))
	}
	if _, err := checkedProduct(a, p, g); err != nil {
		return nil, err
	}
	return NewDragonfly(a, p, h, g)
}

// Params returns A, P, H and G.
func (d *Dragonfly) Params() (a, p, h, g int) { return d.a, d.p, d.h, d.g }

// Family returns "dragonfly", the drawing family of dragonflies.
func (d *Dragonfly) Family() string { return "dragonfly" }

// Radices returns [P, A, G]: the terminals of a router, then the routers
// of a group, are the groups of the Hierarchy capability.
func (d *Dragonfly) Radices() []int { return []int{d.p, d.a, d.g} }

// Size returns A·P·G.
func (d *Dragonfly) Size() int { return d.a * d.p * d.g }

// String returns "dragonfly:A,P,H,G".
func (d *Dragonfly) String() string { return fmt.Sprintf("dragonfly:%d,%d,%d,%d", d.a, d.p, d.h, d.g) }

// Coords writes [t, r, g] of node idx.
func (d *Dragonfly) Coords(idx int, dst []int) []int {
	if idx < 0 || idx >= d.Size() {
		panic(fmt.Sprintf("topology: node %d out of range [0, %d)", idx, d.Size()))
	}
	return append(dst[:0], idx%d.p, idx/d.p%d.a, idx/(d.p*d.a))
}

// Index returns the node of terminal coords[0] of router coords[1] of
// group coords[2].
func (d *Dragonfly) Index(coords []int) (int, error) {
	if len(coords) != 3 {
		return 0, reason.New(ErrInvalid, "%d coordinates, want 3 (terminal, router, group)", len(coords))
	}
	for j, k := range []int{d.p, d.a, d.g} {
		if coords[j] < 0 || coords[j] >= k {
			return 0, reason.New(ErrInvalid, "coordinate %d is %d, want [0, %d)", j+1, coords[j], k)
		}
	}
	return coords[0] + d.p*(coords[1]+d.a*coords[2]), nil
}

// Channel returns the router of group g that holds the global channel to
// group to ≠ g.
func (d *Dragonfly) Channel(g, to int) int {
	r, _ := d.divH.divmod(channelTo(g, to))
	return r
}

// place returns the router (within its group) and the group of node x.
func (d *Dragonfly) place(x int) (r, g int) {
	q, _ := d.divP.divmod(x)
	g, r = d.divA.divmod(q)
	return r, g
}

// Hops returns the length of the minimal route from a to b. O(1).
func (d *Dragonfly) Hops(a, b int) int {
	if a == b {
		return 0
	}
	ra, ga := d.place(a)
	rb, gb := d.place(b)
	switch {
	case ga != gb:
	case ra == rb:
		return 2
	default:
		return 3
	}
	hops := 3
	if d.Channel(ga, gb) != ra {
		hops++
	}
	if d.Channel(gb, ga) != rb {
		hops++
	}
	return hops
}

// Neighbors lists nothing: no two terminals share a wire.
func (d *Dragonfly) Neighbors(idx int, dst []int) []int { return dst }

// Switches returns the number of routers, A·G.
func (d *Dragonfly) Switches() int { return d.a * d.g }

// Router returns the wiring vertex of router r of group g.
func (d *Dragonfly) Router(r, g int) int { return d.Size() + r + d.a*g }

// Wires appends the wires at vertex v: a terminal's wire to its router; a
// router's wires to its terminals, to the other routers of its group and
// its used global channels.
func (d *Dragonfly) Wires(v int, dst []Wire) []Wire {
	n := d.Size()
	if v < n {
		return append(dst, Wire{To: n + v/d.p})
	}
	r, g := (v-n)%d.a, (v-n)/d.a
	for t := range d.p {
		dst = append(dst, Wire{To: t + d.p*(v-n)})
	}
	for o := range d.a {
		if o != r {
			dst = append(dst, Wire{To: d.Router(o, g)})
		}
	}
	for j := range d.h {
		to := r*d.h + j
		if to >= g {
			to++
		}
		if to < d.g {
			dst = append(dst, Wire{To: d.Router(d.Channel(to, g), to), Global: true})
		}
	}
	return dst
}

// Ball returns the largest number of nodes within r hops of one node:
// 1, then the P of its router (2 hops), its group and the landing
// routers of its router's u used channels (3), then whole groups behind
// those channels and the landing routers of the others (4), then all.
// Largest for the router with the most used channels. O(A·G·H).
func (d *Dragonfly) Ball(r int) int {
	switch {
	case r < 0:
		return 0
	case r < 2:
		return 1
	case r == 2:
		return d.p
	case r >= 5:
		return d.Size()
	}
	u := 0 // the most used global channels of one router
	for g := range d.g {
		for rt := range d.a {
			used := 0
			for j := range d.h {
				to := rt*d.h + j
				if to >= g {
					to++
				}
				if to < d.g {
					used++
				}
			}
			u = max(u, used)
		}
	}
	group := d.a * d.p
	if r == 3 {
		return group + u*d.p
	}
	return group + u*group + (d.g-1-u)*d.p
}
