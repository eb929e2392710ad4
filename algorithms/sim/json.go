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
	head, err := json.Marshal(s.header())
	if err != nil {
		return err
	}
	// head ends with `"processes":null}`: keep everything before the null.
	head = head[:bytes.LastIndex(head, []byte("null}"))]
	bw.Write(head)
	bw.WriteString("[")
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
		buf = append(buf, ",\"host\":["...)
		coords = s.Mapping.Host.Coords(s.Mapping.Place[v], coords)
		for j, x := range coords {
			if j > 0 {
				buf = append(buf, ',')
			}
			buf = strconv.AppendInt(buf, int64(x), 10)
		}
		buf = append(buf, "],\"finish\":"...)
		buf = appendFloat(buf, s.Finish(v))
		buf = append(buf, ",\"phases\":["...)
		phases = s.Phases(v, phases[:0])
		for k, p := range phases {
			if k > 0 {
				buf = append(buf, ',')
			}
			buf = append(buf, "{\"stage\":"...)
			buf = strconv.AppendInt(buf, int64(p.Stage), 10)
			buf = append(buf, ",\"kind\":\""...)
			buf = append(buf, kindNames[p.Kind]...)
			buf = append(buf, "\",\"start\":"...)
			buf = appendFloat(buf, p.Start)
			buf = append(buf, ",\"end\":"...)
			buf = appendFloat(buf, p.End)
			buf = append(buf, '}')
		}
		buf = append(buf, "]}"...)
		if _, err := bw.Write(buf); err != nil {
			return err
		}
	}
	bw.WriteString("\n]}\n")
	return bw.Flush()
}

// appendFloat formats like encoding/json: shortest representation, plain
// decimals unless the magnitude is tiny or huge.
func appendFloat(b []byte, f float64) []byte {
	if a := math.Abs(f); a != 0 && (a < 1e-6 || a >= 1e21) {
		return strconv.AppendFloat(b, f, 'e', -1, 64)
	}
	return strconv.AppendFloat(b, f, 'f', -1, 64)
}
