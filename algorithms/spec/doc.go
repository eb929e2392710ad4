// Package spec owns the one textual form of an instance, shared by the CLI,
// the HTTP API and the browser's permalinks: guest strings ("hypercube:4",
// "grid:9x8", "grid:8x8x8:wrap"), host strings ("line:16", "ring:16",
// "mesh:6x12", "torus:8x8", "mesh:8x4:wrap=10", "hypercube:4") and the query
// form of a whole instance (guest, host, algo and parameters). The kinds of
// guests and hosts are not listed here: ParseGuest and ParseHost read the
// registries of packages guest and topology.
//
// Parse functions never panic, bound every size before anything is
// allocated, and return errors that name the offending part: sentences
// for users without a package prefix, matching ErrSyntax (errors.Is),
// in a *FieldError that names the field. String returns the canonical form, and parsing it gives the same
// value back.
package spec
