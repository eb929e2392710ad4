// Package export owns the file formats a mapping is written in, as pure
// codecs (an io.Writer in, no other I/O; it builds for js/wasm) shared by
// the CLI, the job server and the browser's downloads: the JSON report,
// CSV, a readable text summary, an MPICH_RANK_ORDER file and a Scotch
// mapping file, and the launcher files that place rank r (guest vertex r)
// on a host: a Blue Gene/Q mapfile, an Open MPI rankfile and a
// SLURM_HOSTFILE, naming hosts by Hostnames (ParseHostnames reads a file
// of them, ExpandHostnames a list; either takes Slurm hostlist
// expressions, hostlist.Expand, such as "nid[001-004,007]"; the default is
// node<index>). On a host with cores a rank's slot is a node and a core
// (topology.SplitCores). A format that cannot express empty slots
// (NoHoles: rankorder) refuses a placement that leaves some of its job's
// slots empty, naming the formats that can. The section Launcher files
// below defines them.
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
//
// # Launcher files
//
// Rank r is guest vertex r. Host names: one per host node (not per slot:
// the cores of a node share its name), in node-index order; the default
// is node<index>. Every format is checked by a test that parses it back
// and compares it with the placement; the rankfile also by one that has
// Open MPI's mpirun print where it binds each rank, the slurm file by one
// that has Slurm's srun run each rank on a throwaway cluster of the
// file's node names (Slurm 22.05) and the rank say where it runs.
//
//   - mapfile: line r holds the coordinates of rank r's node,
//     space-separated, then its core t (0 on a host without cores): the
//     Blue Gene/Q runjob --mapping file and LLNL Rubik's output,
//     generalised to n dimensions.
//   - rankorder: MPICH_RANK_ORDER (Cray/HPE MPICH, with
//     MPICH_RANK_REORDER_METHOD=3): the rank on each of the job's slots,
//     in slot order, comma-separated, 16 per line, after a '#' comment.
//     The job's slots are, without an allocation, every slot of the host
//     in index order; with one (nodes, ranks per node), those of the
//     allocated nodes as a launcher numbers a job's processes: node after
//     node in allocation order, on each its first R cores with R ranks
//     per node (else all its cores), up to the last node that holds a
//     rank (Target.Allocation reads them back so). The file cannot leave
//     a slot empty, so it refuses a placement with holes among those
//     slots (the ranks after a hole would shift) or ranks outside them,
//     naming the formats that can (CheckResult). Reading, ranges of
//     ranks are read as CrayPat and hand-written files give them: "0-15"
//     for 0 to 15, "15-0" for 15 down to 0.
//   - rankfile: Open MPI (mpirun(1), "Rankfiles"): one line
//     "rank r=<hostname> slot=<t>" per rank. Open MPI reads slot=t as
//     the node's logical core t in hwloc's numbering, which runs core
//     by core through one package, then the next (a node's cores here
//     are numbered so: node=4x2 is 2 packages of 4), and binds the rank
//     to that whole core, all its hardware threads; on a host without
//     cores, to core 0 of the node (Open MPI 4.1 keeps it under
//     --bind-to none, so ranks of several threads are better launched
//     with the slurm file). Open MPI reads a host name up to its
//     first '.' (an IPv4 address whole), so names alike up to there are
//     one node to it, and cannot read some: the keywords rank, slot,
//     slots, username, user_name and user-name, digits only (007 is read
//     as 7), a '.' in a name that does not start with a letter; and
//     mpirun refuses a node name with a '_' when it launches. The
//     rankfile refuses them (the slurm file takes them). Open MPI 5
//     reads rankfiles with PRRTE (mpirun --map-by rankfile:file=FILE;
//     --rankfile still works there, with a warning), whose lexer and
//     parser (read at github.com/openpmix/prrte 52d5e4b, August 2026)
//     are those of Open MPI 4.1 for these lines: a name that Open MPI 4.1
//     reads as a host is one to it, and slot=t is logical core t, or
//     hardware thread t with the HWTCPUS modifier (--map-by slot:HWTCPUS).
//     Run, too: Open MPI 5.0.7 (Debian trixie) maps the tests' rankfiles,
//     ours and users', to the same nodes and cores as 4.1 (make
//     test-openmpi5).
//     Reading, a rankfile may also be written as users write them for
//     Open MPI, and reads as Open MPI 4.1's mpirun binds it. slot=S:C is
//     core C of package S: hwloc's logical core S·P+C, P the cores of a
//     package (slot=1:2 on pack:2 core:4 is core 6). OUR reading of a
//     node's packages: the outermost of its groups (metric.NodeLevels)
//     when it has two levels or more (node=4x2:dist=1,2 is 2 packages of
//     4 cores, as hwloc's pack:2 core:4 gives it; pack:2 numa:2 core:2,
//     node=2x2x2, 2 packages of 4), else one package of all its cores
//     (cores=C, a node without cores, costs that do not tell its levels
//     apart): there slot=0:C is core C, as on any node (package 0 holds
//     the first cores), and a package S ≥ 1 is refused saying to give
//     the node's inside or write the core's index. A node of one
//     package has no package level (hwloc drops a level of one object),
//     so there write core indices. A package or core the node lacks is
//     refused naming its packages and cores. A host "+nK" is node K of
//     the job's allocation (Open MPI counts the hosts of its allocation,
//     under Slurm SLURM_JOB_NODELIST in its order): Target.Allocation's
//     node K in allocation order; without an allocation it is refused,
//     asking for the job's nodes. A slot that binds a rank to several
//     cores, a list (slot=0,1), a range (slot=1:0-3) or '*', is refused
//     asking for one core: a placement puts a rank on one slot, and any
//     one core picked would score a binding that is not the file's.
//   - slurm: SLURM_HOSTFILE for srun --distribution=arbitrary (srun(1)):
//     line r is the host name of rank r's node. It names no core: srun
//     binds a node's ranks to its cores itself, so on nodes with an
//     inside (":node=", cores not 0 apart) the cores may not be the
//     placement's; the rankfile and the mapfile name them.
//   - scotch: a Scotch mapping file: the vertex count, then one
//     "vertex slot" line per guest vertex, numbered from 0 as a Scotch
//     graph of baseval 0 without labels (topomap's own scotch graph
//     file) numbers them. Reading, a file numbered from 1 (Scotch's for
//     a graph of baseval 1, which gcv writes) is read so.
//   - csv and json: the placement with its coordinates and metrics, and
//     the core where there are cores.
package export
