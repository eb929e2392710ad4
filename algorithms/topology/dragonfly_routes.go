package topology

import "strconv"

// Minimal names the routing rule of dragonflies: the minimal route of
// Kim et al., at most one global hop (see the package doc, Dragonflies).
const Minimal = "minimal"

// Routing returns Minimal.
func (d *Dragonfly) Routing() string { return Minimal }

// localBase and globalBase return the first numbers of the local and
// the global links (see LinkSlots).
func (d *Dragonfly) localBase() int  { return 2 * d.Size() }
func (d *Dragonfly) globalBase() int { return d.localBase() + d.Switches()*(d.a-1) }

// LinkSlots returns 2n + R·(A−1) + G·A·H, the size of the link numbering
// of a dragonfly of n = A·P·G terminals and R = A·G routers (router r of
// group g is number r + A·g). It runs in blocks:
//   - terminal x → its router: x; router → terminal x: n + x;
//   - local, router r → router o ≠ r of the same group g: the number
//     2n + (r + A·g)·(A−1) + o', with o' = o if o < r, else o − 1;
//   - global, channel c of group g to the group it leads to: the number
//     2n + R·(A−1) + g·A·H + c. The numbers of unused channels (leading
//     past the last group) are no links.
func (d *Dragonfly) LinkSlots() int { return d.globalBase() + d.g*d.a*d.h }

// Links returns 2n + R·(A−1) + G·(G−1): the terminal links, each ordered
// pair of routers of a group, and each global cable once per direction.
func (d *Dragonfly) Links() int { return d.globalBase() + d.g*(d.g-1) }

// channelTo returns the number c(g→to) of group g's channel to group to ≠ g.
func channelTo(g, to int) int {
	if to > g {
		return to - 1
	}
	return to
}

// Link returns the tail and head of link id as wiring vertices
// (terminals, then routers: Router(r, g)); ok is false for an unused
// channel's number or out of range. O(1).
func (d *Dragonfly) Link(id int) (tail, head int, ok bool) {
	n := d.Size()
	switch {
	case id < 0 || id >= d.LinkSlots():
		return 0, 0, false
	case id < n:
		return id, n + id/d.p, true
	case id < d.localBase():
		return n + (id-n)/d.p, id - n, true
	case id < d.globalBase():
		r, o := (id-d.localBase())/(d.a-1), (id-d.localBase())%(d.a-1)
		if o >= r%d.a {
			o++
		}
		return n + r, n + r - r%d.a + o, true
	}
	g, c := (id-d.globalBase())/(d.a*d.h), (id-d.globalBase())%(d.a*d.h)
	to := c
	if c >= g {
		to++
	}
	if to >= d.g {
		return 0, 0, false
	}
	return d.Router(c/d.h, g), d.Router(d.Channel(to, g), to), true
}

// local returns the number of the local link from router r to router o ≠
// r of group g.
func (d *Dragonfly) local(r, o, g int) int {
	if o > r {
		o--
	}
	return d.localBase() + (r+d.a*g)*(d.a-1) + o
}

// Route appends to dst the links of the minimal route from terminal a to
// terminal b (see the package doc) and returns it: to a's router; within
// a group one local hop; to another group a local hop to the router of
// the channel if a's router does not hold it, the global channel, and a
// local hop from the landing router if it is not b's; then to b. O(1).
func (d *Dragonfly) Route(a, b int, dst []int) []int {
	if a == b {
		return dst
	}
	dst = append(dst, a)
	ra, ga := d.place(a)
	rb, gb := d.place(b)
	if ga != gb {
		c := channelTo(ga, gb)
		if out := d.Channel(ga, gb); out != ra {
			dst = append(dst, d.local(ra, out, ga))
			ra = out
		}
		dst = append(dst, d.globalBase()+ga*d.a*d.h+c)
		ra, ga = d.Channel(gb, ga), gb
	}
	if ra != rb {
		dst = append(dst, d.local(ra, rb, gb))
	}
	return append(dst, d.Size()+b)
}

// SwitchName names router s (wiring vertex Size()+s) by its router and
// group: "router (3,1)" is router 3 of group 1, as a terminal's
// coordinates [t, r, g] end.
func (d *Dragonfly) SwitchName(s int) string {
	return "router (" + strconv.Itoa(s%d.a) + "," + strconv.Itoa(s/d.a) + ")"
}

var _ Router = (*Dragonfly)(nil)
