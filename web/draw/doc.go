// Package draw renders topomap's views as standalone SVG documents with
// svgo: a mapping drawn on its host (Mapping), the execution model's Gantt
// chart (Gantt) and a comparison of algorithms (Compare). The browser
// inserts them with app.Raw (after Inline strips the XML prolog) and the
// server sends them from GET /api/v1/render.svg; nothing here touches the
// DOM or HTTP.
//
// Every function renders into a buffer and writes it to w with one checked
// write (svgo drops write errors). Style strings are built only from this
// package's constants and numbers; user-visible text goes through svgo's
// Text, which escapes it. Elements that the page inspects on hover carry
// data-* attributes: host nodes class "n" (data-h host node, data-v guest
// vertex; "free" if none), guest edges class "e" (data-u, data-v, data-dil)
// in groups carrying data-dim, Gantt bars class "bar" (data-p, data-stage,
// data-kind, data-start, data-end) and compare bars class "bar"
// (data-algo). Nodes carry no more, to keep large drawings small; a page
// looks the rest up in the result.
//
// A host is laid out by the layout its drawing family registered
// (topology.Family; registerLayout beside each layout's code: lattices,
// fat trees, dragonflies, trees), a host with cores as its nodes' layout
// with each node's cores in its place (a column on a tree's row of nodes
// too narrow for a square), and a host of a kind that names no
// family with its nodes in index order on a circle, so that every kind
// is drawn.
//
// On a host with routing (topology.Router) the host's directed links are
// drawn coloured by their load (links.go: class "l", data-l the link's
// number; legend swatches class "lg" with data-lo/data-hi; the most
// loaded links class "top" with data-l), and RouteLinks gives the links a
// message crosses, which the page highlights on hover. On a fat tree or a
// dragonfly (with or without cores) these are the node, switch and global
// links between the drawn switches, in place of the grey wires; on a
// lattice with cores, its links between the nodes' frames.
//
// A weighted graph (a guest without dimensions) is drawn by graph.go: one
// edge per communicating pair in groups by hops (data-hops), with data-vol
// (the volume both ways) and a width that grows with it, free nodes
// dashed, and the hop histogram (#hop-histogram, bars with data-hops and
// data-share) under the host; above the detail limit the heat map shows
// the hop-bytes at each node instead of the largest dilation.
//
// Above the detail limit a mapping's nodes are one paletted PNG image
// (class "heat", data-nodes) drawn by a small encoder of our own, so that
// 65,536 nodes cost one element; Locator finds the node under a point.
// A document is never narrower than its host needs: it widens instead of
// clipping, and pages scale it to fit. Route gives the nodes a message
// passes under the host's routing, which the page draws on hover.
package draw
