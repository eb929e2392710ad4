package sim

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"math"
	"strconv"
)

// Report is the JSON form of a schedule (the output of `topomap schedule
// --format json` and of the API): the run's figures, then for every guest
// vertex its host coordinates and phases. WriteJSON streams exactly this
// shape; Report materialises it (use it for small cubes, or to decode).
type Report struct {
	Guest string  `json:"guest"`
	Host  string  `json:"host"`
	Algo  string  `json:"algo,omitempty"`
	D     int     `json:"d"`
	Ta    float64 `json:"ta"`
	Tc    float64 `json:"tc"`
	Summary
	Processes []Process `json:"processes"`
}

// Process is one guest vertex's timeline.
type Process struct {
	Vertex int     `json:"vertex"`
	Host   []int   `json:"host"`
	Finish float64 `json:"finish"`
	Phases []Phase `json:"phases"`
}

// Report returns the whole schedule as values. O(d·2^d) memory: for large
// cubes prefer WriteJSON or Phases.
func (s *Schedule) Report() Report {
	r := s.header()
	r.Processes = make([]Process, s.Processes())
	for v := range r.Processes {
		r.Processes[v] = Process{Vertex: v, Host: s.Mapping.Host.Coords(s.Mapping.Place[v], nil),
			Finish: s.Finish(v), Phases: s.Phases(v, nil)}
	}
	return r
}

func (s *Schedule) header() Report {
	return Report{Guest: s.Mapping.Guest.String(), Host: s.Mapping.Host.String(), Algo: s.Algo,
		D: s.D, Ta: s.Ta, Tc: s.Tc, Summary: s.summary}
}

// MarshalJSON returns the same document as WriteJSON.
func (s *Schedule) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	err := s.WriteJSON(&b)
	return b.Bytes(), err
}

// WriteJSON streams the Report form of s to w, one process per line, without
// materialising the phases. O(d·2^d) time, O(d) memory besides buffering.
func (s *Schedule) WriteJSON(w io.Writer) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	head, err := s.jsonHead()
	if err != nil {
		return err
	}
	bw.Write(head)
	var buf []byte
	var phases []Phase
	var coords []int
	for v := range s.Processes() {
		buf = buf[:0]
		if v > 0 {
			buf = append(buf, ',')
		}
		buf = append(buf, "\n{\"vertex\":"...)
		buf = strconv.AppendInt(buf, int64(v), 10)
		buf = append(buf, ",\"host\":"...)
		coords = s.Mapping.Host.Coords(s.Mapping.Place[v], coords)
		buf = appendInts(buf, coords)
		buf = append(buf, ",\"finish\":"...)
		buf = appendFloat(buf, s.Finish(v))
		buf = append(buf, ",\"phases\":"...)
		phases = s.Phases(v, phases[:0])
		buf = appendPhases(buf, phases)
		buf = append(buf, '}')
		if _, err := bw.Write(buf); err != nil {
			return err
		}
	}
	bw.WriteString("\n]}\n")
	return bw.Flush()
}

// jsonHead returns the document up to its first process: the header's
// fields, then the opening of the processes' array.
func (s *Schedule) jsonHead() ([]byte, error) {
	head, err := json.Marshal(s.header())
	if err != nil {
		return nil, err
	}
	// head ends with `"processes":null}`: keep everything before the null.
	head = head[:bytes.LastIndex(head, []byte("null}"))]
	return append(head, '['), nil
}

// appendInts appends xs to b as a JSON array.
func appendInts(b []byte, xs []int) []byte {
	b = append(b, '[')
	for j, x := range xs {
		if j > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(x), 10)
	}
	return append(b, ']')
}

// appendPhases appends phases to b as a JSON array of Phase objects.
func appendPhases(b []byte, phases []Phase) []byte {
	b = append(b, '[')
	for k, p := range phases {
		if k > 0 {
			b = append(b, ',')
		}
		b = append(b, "{\"stage\":"...)
		b = strconv.AppendInt(b, int64(p.Stage), 10)
		b = append(b, ",\"kind\":\""...)
		b = append(b, kindNames[p.Kind]...)
		b = append(b, "\",\"start\":"...)
		b = appendFloat(b, p.Start)
		b = append(b, ",\"end\":"...)
		b = appendFloat(b, p.End)
		b = append(b, '}')
	}
	return append(b, ']')
}

// appendFloat formats like encoding/json: shortest representation, plain
// decimals unless the magnitude is tiny or huge.
func appendFloat(b []byte, f float64) []byte {
	if a := math.Abs(f); a != 0 && (a < 1e-6 || a >= 1e21) {
		return strconv.AppendFloat(b, f, 'e', -1, 64)
	}
	return strconv.AppendFloat(b, f, 'f', -1, 64)
}
