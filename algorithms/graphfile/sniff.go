package graphfile

import "bytes"

// headLines splits head into the fields of its lines that are neither
// blank nor comments; complete is false when the last one may continue
// past head. Fields are split at blanks, or at commas with comma.
func headLines(head []byte, whole bool, comments string, comma bool) (lines [][][]byte, complete bool) {
	complete = true
	for len(head) > 0 {
		line := head
		if i := bytes.IndexByte(head, '\n'); i >= 0 {
			line, head = head[:i], head[i+1:]
		} else {
			head = nil
			complete = whole
		}
		if len(line) > 0 && indexByte(comments, line[0]) {
			continue
		}
		var fields [][]byte
		if comma {
			if len(bytes.TrimSpace(line)) > 0 {
				for _, f := range bytes.Split(line, []byte{','}) {
					fields = append(fields, trimField(f))
				}
			}
		} else {
			fields = bytes.Fields(line)
		}
		if len(fields) > 0 {
			lines = append(lines, fields)
		}
	}
	return lines, complete
}

// firstLine returns the fields of head's first line that is neither blank
// nor a comment, if head holds all of it.
func firstLine(head []byte, whole bool, comments string) ([][]byte, bool) {
	lines, complete := headLines(head, whole, comments, false)
	if len(lines) == 0 || len(lines) == 1 && !complete {
		return nil, false
	}
	return lines[0], true
}
