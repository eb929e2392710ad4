package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"slices"
	"strings"
	"unicode"

	"topomap/algorithms/graphfile"
	"topomap/algorithms/guest"
	"topomap/algorithms/machinefile"
	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
	"topomap/algorithms/topology"
)

// instanceFlags are the flags that describe an instance, shared by the
// commands that take one: one flag per field of the field table
// (spec.Fields), named as the field, read by the field's parser. A new
// field is a new flag of map, submit, schedule and compare.
type instanceFlags struct {
	text        map[string]string // the text of each field's flag; "" if not given
	node        *string           // --node, with --host: the inside of its nodes
	topology    *string           // --topology, with --host file:PATH: the topology read
	guestFormat *string           // --guest-format, with --guest file:PATH
}

// guestFormatHelp is the help of --guest-format.
var guestFormatHelp = "the `format` of --guest file:PATH (" + strings.Join(graphfile.Names(), ", ") +
	"); default: the one its extension names, else the one its content looks like"

// graphFileTitles lists the graph file formats --guest file: reads.
func graphFileTitles() string {
	var titles []string
	for _, f := range graphfile.Formats() {
		titles = append(titles, f.Title)
	}
	return strings.Join(titles, ", ")
}

// hostHelp is the help of --host: the kinds' forms, the presets, the
// suffixes and the machine file formats file: reads.
func hostHelp() string {
	var titles []string
	for _, f := range machinefile.Formats {
		titles = append(titles, f.Title)
	}
	return "host `spec`: " + topology.Forms() + ", or preset:NAME (" + topology.PresetNames() + "), each optionally followed by " +
		topology.Suffixes + " in that order; or file:PATH, a machine file (" + strings.Join(titles, ", ") + "; file:- reads standard input)"
}

// fieldHelp is the help of each field's flag (TestEveryFieldHasItsFlag
// wants one per field). A backquoted word names the flag's value.
func fieldHelp(name string) string {
	return map[string]string{
		"guest": "guest `spec`: " + guest.Forms() + ", or file:PATH, a graph file (" + graphFileTitles() + "; file:- reads standard input)",
		"host":  hostHelp() + "; --node gives its nodes an inside, --topology names the topology of a topology.yaml (or the ring or torus of it, NAME:PART; the ring of a topology.conf of rings) to read",
		"algo":  "algorithm `name`: " + algoNames() + " (the web app's Algorithms page, /algorithms, describes each)",
		"seed":  "the `seed` of randomised algorithms",
		"start": "pairs: algorithm `name` of the starting mapping",
		// The README says BudgetText too (TestBudgetHelp).
		"budget": "a `duration` such as 2s; " + solve.BudgetText,
		"moves":  "pairs: stop after this many `moves`, at the first check point (every 1,024 moves, and between rounds) that reaches them, so the count a run reports repeats it exactly; 0 = from --budget or the stopping rule",
		"ta":     "compute time `T_a` of one stage of the execution model of d-cube algorithms, which topomap schedule and the app's Gantt view show (map and compare only check it; submit sends it with the job, for its Gantt view): " + spec.TimeRange,
		"tc":     "time `t_c` to cross one link in the execution model (as --ta): " + spec.TimeRange,
		"objective": "pairs: what to `minimise`: " + spec.ObjectiveHopBytes + " (default) or " + spec.ObjectiveCongestion +
			" (the sum of the squared link loads under the host's routing)",
		"nodes":        nodesHelp("a preset such as xe6-slice, or a machine file that names them"),
		"ranksPerNode": "make every used node hold exactly `R` ranks, as srun --ntasks-per-node does: the ranks fill the first ranks/R allocated nodes",
	}[name]
}

// nodesHelp is the help of --nodes, named says which hosts have names.
func nodesHelp(named string) string {
	return "the allocation: a Slurm `hostlist` of node names (nid[00001-00004,00007], SLURM_JOB_NODELIST) on a host whose nodes have names (" +
		named + "), else index ranges (0-15,32-47); ranks go only there, distances and routes stay the whole machine's"
}

// hostnamesNameNodes says in the help of --nodes that the names of
// --hostnames name the nodes too, for the commands that read them before
// the allocation (map, score; submit's go to the launcher files only).
func hostnamesNameNodes(fs *flag.FlagSet) {
	fs.Lookup("nodes").Usage = nodesHelp("a preset such as xe6-slice, a machine file that names them, or --hostnames")
}

// fieldValue is the flag.Value of one field: its text, checked by the
// field's parser when it is set (a guest or machine file is read later, by instance).
type fieldValue struct {
	field spec.Field
	text  map[string]string
	def   string
}

func (v fieldValue) String() string { return v.def }

func (v fieldValue) Set(s string) error {
	if _, isFile := spec.FilePath(s); !(isFile && (v.field.Name == "guest" || v.field.Name == "host")) && s != "" {
		var scratch spec.Instance
		if err := v.field.Parse(&scratch, s); errors.Is(err, topology.ErrUnknownMachine) {
			return fmt.Errorf("%w: the command line knows the machines of the files it reads; give the file itself (--host file:PATH)", err)
		} else if err != nil {
			return err
		}
	}
	v.text[v.field.Name] = s
	return nil
}

// register adds the flag of every field but those in skip to fs;
// defaults are the text of fields whose flag is not given.
func (f *instanceFlags) register(fs *flag.FlagSet, defaults map[string]string, skip ...string) {
	f.text = map[string]string{}
	for _, fd := range spec.Fields {
		if slices.Contains(skip, fd.Name) {
			continue
		}
		f.text[fd.Name] = defaults[fd.Name]
		fs.Var(fieldValue{fd, f.text, defaults[fd.Name]}, flagName(fd.Name), fieldHelp(fd.Name))
	}
	if !slices.Contains(skip, "host") {
		f.node = fs.String("node", "", nodeHelp)
		f.topology = fs.String("topology", "", topologyHelp)
	}
	if !slices.Contains(skip, "guest") {
		f.guestFormat = fs.String("guest-format", "", guestFormatHelp)
	}
}

// flagName is the flag of a field: its name in kebab case
// (ranksPerNode is --ranks-per-node, as srun spells it).
func flagName(field string) string {
	var b strings.Builder
	for _, r := range field {
		if unicode.IsUpper(r) {
			b.WriteByte('-')
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}

// fieldsBut lists the fields of the table other than keep: what a command
// that reads only keep passes to register as skip.
func fieldsBut(keep ...string) []string {
	var skip []string
	for _, fd := range spec.Fields {
		if !slices.Contains(keep, fd.Name) {
			skip = append(skip, fd.Name)
		}
	}
	return skip
}

// algoNames lists the names of the algorithms, comma-separated.
func algoNames() string {
	var names []string
	for _, a := range solve.All() {
		names = append(names, a.Name)
	}
	return strings.Join(names, ", ")
}

// missingHint says what to do about a missing required flag.
var missingHint = map[string]string{
	"algo": ": name one (--help lists them), or run topomap compare with the same --guest and --host, which runs every algorithm that applies",
}

// instance reads the flags into an instance, field by field in the
// table's order, with the table's parsers; --guest file:PATH reads the
// file, --host file:PATH the machine file. A required field's missing flag is named ("missing --host").
func (f *instanceFlags) instance(ctx context.Context) (spec.Instance, error) {
	var in spec.Instance
	for _, fd := range spec.Fields {
		s, registered := f.text[fd.Name]
		var err error
		switch {
		case !registered:
			continue
		case s == "" && fd.Required:
			return in, fmt.Errorf("missing --%s%s", flagName(fd.Name), missingHint[fd.Name])
		case s == "":
			continue
		case fd.Name == "guest":
			in.Guest, err = guestSpec(ctx, s, *f.guestFormat)
		case fd.Name == "host":
			in.Host, err = hostSpec(s, *f.topology)
			if err == nil && f.node != nil && *f.node != "" {
				in.Host, err = withNode(in.Host, *f.node)
			}
		default:
			err = fd.Parse(&in, s)
		}
		if err != nil {
			return in, err
		}
	}
	return in, nil
}
