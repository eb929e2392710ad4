// Package export owns the file formats a mapping is written in, as pure
// codecs (an io.Writer in, no other I/O; it builds for js/wasm) shared by
// the CLI, the job server and the browser's downloads: the JSON report,
// CSV, a readable text summary, an MPICH_RANK_ORDER file and a Scotch
// mapping file, and the launcher files that place rank r (guest vertex r)
// on a host: a Blue Gene/Q mapfile, an Open MPI rankfile and a
// SLURM_HOSTFILE, naming hosts by Hostnames (ParseHostnames reads a file
// of them, ExpandHostnames a list; either takes Slurm hostlist
// expressions, ExpandHostlist, such as "nid[001-004,007]"; the default is
// node<index>). On a host with cores a rank's
// slot is a node and a core (topology.SplitCores). A format that cannot
// express empty slots (NoHoles: rankorder) refuses such a placement,
// naming the formats that can.
//
// Formats is the one table of them — name, media type, extension and
// writer — that the CLI's --format, the API's ?format= (and its OpenAPI
// enum, held to the table by a server test), the job page and the
// explorer read; a new format is a writer and one entry there. FileName
// names every download the same way on every page and in the API
// ("grid-9x8_mesh-6x12_affn.csv"); ContentType gives its media type.
//
// Writers take an io.Writer and return its first error; host node indices
// follow the product convention (first coordinate fastest), which is also
// Scotch's numbering of meshXD/torusXD targets.
package export
