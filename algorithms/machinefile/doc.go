// Package machinefile reads the files that describe machines as they are
// and writes machines back, the format guessed from the content (Read):
//
//   - Slurm topology.conf (topology/tree plugin): lines
//     "SwitchName=NAME Nodes=HOSTLIST" or "SwitchName=NAME Switches=HOSTLIST"
//     (other keys such as LinkSpeed= ignored). As Slurm's parser
//     (parse_config.c) reads them: # starts a comment unless it follows
//     an odd number of backslashes, a backslash is dropped and the
//     character after it kept ("\#" is '#', "\\" a backslash), a line
//     ending in a backslash continues on the next, joined where the
//     backslash stood, blanks may surround '=' and a value in double
//     quotes may hold blanks. The
//     switches form one tree: a cycle, a switch with two parents, a node
//     under two switches, a name that no line declares, a switch with
//     nothing under it and two switches at the top are refused, each
//     with its line. Nodes are numbered in the order the file first names
//     them and keep their names (launcher files write them); a node's
//     coordinates are [its index]; distance and route are the tree path
//     (topology.SwitchTree), so a regular fat tree gets its 2ℓ. The tree
//     writes back as a topology.conf (WriteSlurm) that Slurm 22.05's
//     slurmctld loads, and whose `scontrol show topology` reads back as
//     the same machine (a test runs a throwaway controller).
//   - Slurm topology.conf (topology/block plugin, Slurm 23.11 on): lines
//     "BlockName=NAME Nodes=HOSTLIST" and an optional "BlockSizes=S1,S2,…"
//     (nodes; each the first times a power of two, up to 2^15). Slurm
//     aggregates the blocks, in the file's order, into aggregates of
//     consecutive blocks, one level per size: the first size is the base
//     block's (without BlockSizes, the first block's nodes), a size of
//     2^j base blocks aggregates 2^j blocks from a multiple of 2^j, fewer
//     at the end unless those left fit in the level below (then Slurm
//     forms none); without BlockSizes the levels are 1, 2, 4, 8 and 16
//     blocks; levels stop at the first that holds all the blocks.
//     Slurm gives no distances; OUR reading is a tree of switches
//     (topology.SwitchTree, as the tree plugin's): a switch per block
//     over its nodes, a switch per aggregate over those of the level
//     below it holds, named "FIRST..LAST(NODES)" (NODES the level's size
//     in nodes), a block left out of a level's aggregates alone in a
//     switch of that level ("b5(64)"), and a switch "FIRST..LAST" above
//     all when no level holds all the blocks. So two nodes are 2(ℓ+1)
//     wires apart, ℓ the lowest level whose block or aggregate holds
//     both (0 the block, 1 the aggregates of the second size, …), or
//     2(L+1) under the switch above all, L the number of levels. A block without
//     nodes, a block name with '[', ']' or ',' (an aggregate's switch
//     would not read back) and a file of both switches and blocks are
//     refused, with the line. The machine writes back as a topology.conf
//     of those switches.
//   - Slurm topology.conf (topology/ring plugin, Slurm 26.05 on): lines
//     "RingName=NAME Nodes=HOSTLIST", each ring's nodes in ring order (at
//     most 16, Slurm's cap). A ring reads as its named nodes on a ring
//     (topology.Listed, as a coordinates file's nodes on "# torus K"), so
//     it writes back as a coordinates file. Slurm runs a job inside one
//     ring and gives no distance between rings: OUR reading is one ring a
//     machine, the one Options.Topology names, or the only one; a file of
//     several read without a name is refused listing them (name, line,
//     nodes). Rings with switches or blocks, a ring named twice, a node
//     twice in a ring and a ring without nodes are refused, with the
//     line.
//   - Slurm's `scontrol show topology` output, read as the topology.conf
//     Slurm read (slurm_scontrol.go): a tree's lines carry Level= and
//     LinkSpeed=, and a switch with Switches= lists beside them every
//     node under them, which is checked against the tree (each once, all
//     of them), not hung from the switch; a block topology's lines are
//     "BlockName=NAME BlockIndex=I Nodes=HOSTLIST BlockSize=S" and
//     "AggregatedBlock=NAME … BlockSize=S", whose sizes are the file's
//     BlockSizes (the aggregates are formed as from a topology.conf);
//     rings carry RingSize=, ignored. The same machine (the same id) as
//     its topology.conf. A torus3d's TorusName= lines are refused: they
//     list its nodes in Slurm's node order, not by their places.
//   - Slurm topology.yaml (Slurm 25.05 on): a list of topologies, each
//     "topology: NAME", "cluster_default: true|false" and one of "tree:"
//     ("switches:", a list of "switch: NAME" with "children: HOSTLIST"
//     and/or "nodes: HOSTLIST"), "block:" ("block_sizes:", a list of
//     sizes, and "blocks:", a list of "block: NAME" with "nodes:
//     HOSTLIST"), "ring:" ("rings:", a list of "ring: NAME" with "nodes:
//     HOSTLIST"), "torus3d:" ("toruses:", a list of "name: NAME" with
//     "dims: {x: X, y: Y, z: Z}" and either "nodes: HOSTLIST", one node a
//     place, x fastest, or "regions:", a list of "anchor: {x:, y:, z:}",
//     "dims:" and "nodes:", placing the nodes x fastest from the anchor,
//     inside the torus and apart) or "flat: true". Slurm gives each job
//     the topology its partition names (Topology=NAME in slurm.conf),
//     else the cluster's default. The topology read is the one
//     Options.Topology names (ReadWith), else that default: the first
//     with cluster_default: true, else the first (DefaultTopology). A
//     tree or blocks read as in a topology.conf, a ring as a
//     topology.conf's ring, a torus as its named nodes on the torus of
//     its dims, every axis wrapping (topology.Listed: places no region
//     covers carry messages and hold no rank, OUR reading);
//     "placements:", the shapes Slurm allocates, do not change the
//     network and are not read. Slurm gives no distance between rings or
//     between toruses: a topology of several is read one at a time,
//     named "NAME:PART" as Slurm's Topology= of a dynamic node names them
//     (a topology whose whole name is the name given is that topology),
//     and without a part it is refused listing them. Flat topologies,
//     which give no network, and a name the file does not list, are
//     refused listing the topologies of the file (name, kind, line, the
//     default marked); a name given for a file of another format, which
//     describes one machine, is refused too. Errors name the line;
//     aliases are not read; at most MaxYAMLItems of ",[{:-" (so that the
//     YAML parser's nodes are bounded), at most MaxNodes places a torus.
//   - Scotch target files (.tgt): "tleaf L s1 d1 … sL dL" (levels from
//     the root: read as tree: with the levels reversed, the innermost
//     first), "cmplt N" (tree:N:dist=1), "mesh2D X Y", "mesh3D X Y Z",
//     "torus2D", "torus3D", "torusXD" and "hcub D". Scotch's other
//     keywords are refused, each saying why and naming the targets read
//     (meshXD among them: Scotch 7 measures its distances as a torus's);
//     keywords are read in any case. WriteTarget writes a host back in
//     the first of these that holds it.
//   - hwloc synthetic strings ("pack:2 numa:2 l3:1 core:8 pu:2") and hwloc
//     2 XML (lstopo --of xml), or hwloc 1's (its type="Cache" depth="3"
//     is an L3, a Group of info Type Die a Die): the inside of one node,
//     as the levels Package, Die, NUMANode, L3, L2, Core (a Group holding
//     a NUMA node's memory is the NUMANode level; memory children in
//     brackets skipped; levels of one object dropped). The other objects hwloc
//     knows (Machine, Group, the other caches, PUs) are not read, their
//     objects counted in the next level read and their types named in
//     NodeLevels.Ignored. In a synthetic string a type hwloc does not
//     know is refused, naming the types it does, and so is an order that
//     hwloc refuses (a level after the PUs, a second Package, Die,
//     NUMANode, Core or PU level) or that topomap cannot read (a level
//     it reads below the cores). The node's slots are its cores, 0
//     apart by default (a host of one node with C cores, as ":cores=C").
//     ReadNode reads such a node, ParseNode a --node value (a synthetic
//     string with optional costs " dist=D1,…", innermost level first),
//     and NodeLevels.Suffix gives the host spec suffix that puts that
//     inside in every node of a machine, ":node=S1xS2…:dist=D1,…".
//   - Torus coordinates files (ReadTorusCoords): a header "# torus AxBxC"
//     with an optional " wrap=1,1,0", then one line "NAME x y z" per node,
//     as Cray's xtprocadmin or a Blue Gene/Q partition list them: the
//     listed nodes of that torus, with their names, in the file's order,
//     at their places (topology.Listed, a machine:ID); WriteCoords writes
//     one back.
//
// Node names, in both files that name nodes, must be names launcher
// files can carry (hostlist.CheckNames: ASCII letters, digits and
// "-._", not starting with '-'): a file is refused at the line of the
// first that is not, so that no export of its machine fails later.
//
// ReadText reads every machine file: at most MaxBytes, a leading UTF-8
// byte order mark (which editors on Windows write) skipped, an empty
// file refused. Errors of the input are *graphfile.Error naming the
// format and the line; an input above the caps wraps
// graphfile.ErrTooLarge. The package
// does no I/O of its own: callers open files (the command line) or
// receive uploads (the server).
package machinefile
