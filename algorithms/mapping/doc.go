// Package mapping owns the Mapping type that every mapper returns and every
// metric consumes: a guest graph, a host topology and, for each guest vertex,
// the host node it is placed on.
//
// A mapping is valid when it is injective (no two vertices share a node);
// mappers in this project produce bijections, since guest and host have the
// same size, except where an algorithm documents a larger host.
package mapping
