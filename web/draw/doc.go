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
// data-* attributes: host nodes class "n" (data-v guest vertex, data-h host
// node, data-c coordinates, data-dil largest dilation of its edges), guest
// edges class "e" (data-u, data-v, data-dil), Gantt bars class "bar" and
// compare bars class "bar" (data-algo).
package draw
