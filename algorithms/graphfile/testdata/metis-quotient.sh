#!/bin/sh
# metis-quotient.sh MESH P OUT
#
# Writes to OUT the quotient graph of a k-way partition of the METIS mesh
# MESH (plain or .gz) into P parts, as package meshtest's doc defines it:
# one vertex per part, and the volume between two parts the number of mesh
# edges cut between them, in both directions. OUT is a METIS graph with
# edge weights (fmt 1); OUT.part keeps the partition (line i: the part of
# mesh vertex i). Prints the edge cut that gpmetis reports.
#
# Needs gpmetis (Debian package metis). The partition is gpmetis's own
# (-ptype=kway -seed=1), so no one here chose it.
set -eu
mesh=$1 parts=$2 out=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
case $mesh in
*.gz) gzip -dc "$mesh" >"$tmp/mesh.graph" ;;
*) cp "$mesh" "$tmp/mesh.graph" ;;
esac
gpmetis -ptype=kway -seed=1 "$tmp/mesh.graph" "$parts" >"$tmp/log" || { cat "$tmp/log" >&2; exit 1; }
cut=$(sed -n 's/.*Edgecut: *\([0-9]*\).*/\1/p' "$tmp/log")
[ -n "$cut" ] || { echo "metis-quotient: no edge cut in the gpmetis output" >&2; exit 1; }
cp "$tmp/mesh.graph.part.$parts" "$out.part"

# one "p q" line per cut mesh edge and direction, then counted
awk 'NR == FNR { part[NR] = $1; next }
     /^%/ { next }
     !header { header = 1
               if (NF > 2 && $3 + 0 != 0) { print "metis-quotient: weighted meshes are not supported" > "/dev/stderr"; exit 1 }
               next }
     { v++; for (i = 1; i <= NF; i++) if (part[v] != part[$i]) print part[v], part[$i] }' \
	"$tmp/mesh.graph.part.$parts" "$tmp/mesh.graph" |
	sort -n -k1,1 -k2,2 | uniq -c |
	awk -v P="$parts" '{ line[$2] = line[$2] (line[$2] == "" ? "" : " ") ($3 + 1) " " $1; arcs++ }
	     END { print P, arcs / 2, 1; for (p = 0; p < P; p++) print line[p] }' >"$out"
echo "$cut"
