// Package meshtest gives tests and benchmarks the field's own data and
// tools: Debian's METIS example meshes (package libmetis-doc), the quotient
// graphs of their gpmetis partitions that the repository's script
// ../testdata/metis-quotient.sh builds, and Scotch's scotch_gmap as a
// reference mapper. Nothing it returns is committed data: the meshes come
// from the packages that `make deps` installs.
//
// The quotient graph of a mesh partitioned into P parts (gpmetis
// -ptype=kway, so no one here chose the partition) is the realistic
// process graph of an application that runs on P processes: one vertex
// per part, and the volume between two parts the number of mesh edges cut
// between them, in both directions. Where the mesh has too few vertices
// for P, gpmetis leaves parts empty, and they are isolated vertices of
// the quotient: 4elt's 7,434 vertices fill 750 of 4,096 parts.
//
// A missing tool or package skips the test, or fails it when the
// environment sets TOPOMAP_REQUIRE_TOOLS=1 (as `make test` does), so that
// a machine without the tools cannot pass.
package meshtest
