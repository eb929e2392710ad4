package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"

	"topomap/algorithms/graphfile"
	"topomap/algorithms/machinefile"
	"topomap/backend/jobs"
)

// Report is what Check finds in a store file.
type Report struct {
	Path  string `json:"path"`
	Bytes int64  `json:"bytes"` // size of the file
	// Jobs counts readable job records, Results their placements.
	Jobs    int `json:"jobs"`
	Results int `json:"results"`
	// Damage lists structural problems: a server refuses the file.
	Damage []string `json:"damage,omitempty"`
	// Problems lists unreadable records, which a server skips.
	Problems []string `json:"problems,omitempty"`
}

// OK reports whether the file has neither damage nor problems.
func (r Report) OK() bool { return len(r.Damage) == 0 && len(r.Problems) == 0 }

// each calls f for every readable job of db (and its placement, nil if
// none), in key order, and returns the unreadable ones' problems. A fault
// while walking a damaged file ends the walk with a problem.
func each(db *bolt.DB, f func(j jobs.Job, place []byte) error) ([]string, error) {
	var problems []string
	var ferr error
	err := guard(func() error {
		return db.View(func(tx *bolt.Tx) error {
			jb := tx.Bucket(bucketJobs)
			if jb == nil {
				return nil // never initialised: empty
			}
			if tx.Bucket(bucketPlacements) == nil || tx.Bucket(bucketMeta) == nil {
				return errors.New("the store file lacks its buckets")
			}
			problems = append(scan(tx), scanGraphs(tx)...)
			return jb.ForEach(func(k, _ []byte) error {
				if !jobs.ValidID(string(k)) {
					return nil
				}
				r := readRecord(tx, k)
				j, err := r.check(string(k))
				if err != nil {
					return nil // scan reported it
				}
				if ferr = f(j, r.place); ferr != nil {
					return ferr
				}
				return nil
			})
		})
	})
	if ferr != nil {
		return problems, ferr
	}
	if err != nil {
		problems = append(problems, "reading stopped: "+err.Error())
	}
	return problems, nil
}

// openRead opens a store file read-only, alongside a running server.
func openRead(path string) (*bolt.DB, error) {
	if _, err := os.Stat(path); err != nil {
		return nil, fmt.Errorf("the job store: %w", err)
	}
	return openDB(path, true)
}

// Check reads a store file without changing it: its structure (as Open
// checks it) and every record. The error is for a file that cannot be
// opened at all (missing, or its meta pages are both damaged).
func Check(path string) (Report, error) {
	r := Report{Path: path}
	if st, err := os.Stat(path); err == nil {
		r.Bytes = st.Size()
	}
	db, err := openRead(path)
	if err != nil {
		return r, err
	}
	defer db.Close()
	r.Damage = structure(db)
	r.Problems, err = each(db, func(j jobs.Job, place []byte) error {
		r.Jobs++
		if place != nil {
			r.Results++
		}
		return nil
	})
	return r, err
}

// ExportLine is one line of Export: a job and its placement (done jobs),
// or an uploaded graph.
type ExportLine struct {
	Job       *jobs.Job      `json:"job,omitempty"`
	Placement []int          `json:"placement,omitempty"`
	Graph     *ExportGraph   `json:"graph,omitempty"`
	Machine   *ExportMachine `json:"machine,omitempty"`
}

// ExportMachine is an uploaded machine in an export: its id, upload facts
// and its tree as a Slurm topology.conf, which uploads again to the same
// id.
type ExportMachine struct {
	ID           string    `json:"id"`
	Format       string    `json:"format"`
	Created      time.Time `json:"created"`
	Owner        string    `json:"owner,omitempty"`
	TopologyConf string    `json:"topologyConf"`
}

// ExportGraph is an uploaded graph in an export: its id and upload facts
// (the owner whose quota it counts against, if any), and the graph as
// Matrix Market text, which uploads again to the same id (the id hashes
// the canonical graph, not the file).
type ExportGraph struct {
	ID           string    `json:"id"`
	Format       string    `json:"format"`
	Warnings     []string  `json:"warnings,omitempty"`
	Created      time.Time `json:"created"`
	Owner        string    `json:"owner,omitempty"`
	MatrixMarket string    `json:"matrixMarket"`
}

// Exported counts the lines Export wrote.
type Exported struct{ Jobs, Graphs, Machines int }

// Export writes every readable job and graph of a store file to w as JSON
// lines (ExportLine), read-only, skipping what it cannot read, and returns
// how many it wrote and the problems it met.
func Export(path string, w io.Writer) (Exported, []string, error) {
	var n Exported
	db, err := openRead(path)
	if err != nil {
		return n, nil, err
	}
	defer db.Close()
	enc := json.NewEncoder(w)
	problems, err := each(db, func(j jobs.Job, place []byte) error {
		line := ExportLine{Job: &j}
		if place != nil {
			p, err := DecodePlacement(place)
			if err != nil {
				return nil
			}
			line.Placement = p
		}
		n.Jobs++
		return enc.Encode(line)
	})
	if err != nil {
		return n, problems, err
	}
	mtx, _ := graphfile.Lookup("matrixmarket")
	err = guard(func() error {
		return db.View(func(tx *bolt.Tx) error {
			return eachGraph(tx, func(r GraphRecord) error {
				var text strings.Builder
				if r.IsMachine() {
					return exportMachine(enc, r, &n)
				}
				if err := mtx.Write(&text, r.Graph); err != nil {
					return err
				}
				n.Graphs++
				return enc.Encode(ExportLine{Graph: &ExportGraph{ID: r.Graph.ID, Format: r.Format,
					Warnings: r.Warnings, Created: r.Created, Owner: r.Owner, MatrixMarket: text.String()}})
			})
		})
	})
	return n, problems, err
}

// exportMachine writes the export line of a machine record.
func exportMachine(enc *json.Encoder, r GraphRecord, n *Exported) error {
	t, err := r.Machine()
	if err != nil {
		return nil // scanGraphs reports it
	}
	var text strings.Builder
	if err := machinefile.WriteSlurm(&text, t); err != nil {
		return err
	}
	n.Machines++
	return enc.Encode(ExportLine{Machine: &ExportMachine{ID: t.ID(), Format: r.Format, Created: r.Created, Owner: r.Owner, TopologyConf: text.String()}})
}

// Compact rewrites the readable records of a store file into a fresh file
// (no free pages, no damage, checksums for every record), keeps the old
// file as path+".bak" and returns the report of the old file. The store
// must not be in use.
func Compact(path string) (Report, error) {
	old, err := Check(path)
	if err != nil {
		return old, err
	}
	src, err := openRead(path)
	if err != nil {
		return old, err
	}
	defer src.Close()
	tmp := path + ".compact"
	os.Remove(tmp)
	dst, err := Open(tmp)
	if err != nil {
		return old, err
	}
	// One transaction: bbolt keeps the values until it commits, so the
	// placements are copied out of the source's mapping.
	err = dst.update(func(tx *bolt.Tx) error {
		_, err := each(src, func(j jobs.Job, place []byte) error {
			return putJob(tx, j, slices.Clone(place))
		})
		if err != nil {
			return err
		}
		return guard(func() error {
			return src.View(func(stx *bolt.Tx) error {
				return eachGraph(stx, func(g GraphRecord) error { return putGraph(tx, g) })
			})
		})
	})
	if cerr := dst.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(tmp)
		return old, fmt.Errorf("compacting %s: %w", path, err)
	}
	src.Close()
	if err := os.Rename(path, path+".bak"); err != nil {
		return old, fmt.Errorf("the job store: %w", err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return old, fmt.Errorf("%w (the old file is %s.bak)", err, path)
	}
	return old, nil
}
