package main

import (
	"os"
	"strings"
	"testing"
)

// TestNodeFileRefusedAsHostFile: --node file: reads its file as --host
// file: does, so a file too large (/dev/zero, endless), empty or with a
// line too long is refused by both, with the same words.
func TestNodeFileRefusedAsHostFile(t *testing.T) {
	cases := []struct{ name, path, want string }{
		{"empty", writeFile(t, "empty.syn", ""), "the machine file is empty"},
		{"line too long", writeFile(t, "long.syn", "pack:2 core:2"+strings.Repeat(" ", 1100000)+"\n"), "line 1: a line of more than 1,048,576 bytes"},
	}
	if _, err := os.Stat("/dev/zero"); err == nil {
		cases = append(cases, struct{ name, path, want string }{"endless", "/dev/zero", "a machine file of more than 16,777,216 B (16.8 MB)"})
	}
	for _, c := range cases {
		for _, flags := range [][]string{{"--host", "file:" + c.path}, {"--host", "line:4", "--node", "file:" + c.path}} {
			args := append([]string{"map", "--guest", "grid:2x2", "--algo", "identity"}, flags...)
			if _, _, err := runArgs(t, args...); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%s: %v gives %v, want an error saying %q", c.name, flags, err, c.want)
			}
		}
	}
}

// TestTextFilesWithByteOrderMark: the files the command line reads
// (machine files, --node files, --hostnames files, placement files) read
// the same when an editor wrote a byte order mark first.
func TestTextFilesWithByteOrderMark(t *testing.T) {
	const bom = "\ufeff"
	node := writeFile(t, "node.syn", bom+"pack:2 core:2\n")
	host := writeFile(t, "host.syn", bom+"pack:2 core:2\n")
	names := writeFile(t, "names.txt", bom+"nid[0-3]\n")
	order := writeFile(t, "order.txt", bom+"0,1,2,3\n")
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"--node file", []string{"map", "--guest", "grid:2x2", "--host", "line:1", "--node", "file:" + node, "--algo", "identity"}, "on line:1:cores=4 "},
		{"--host file", []string{"machine", "--host", "file:" + host}, "line:1:cores=4"},
		{"--hostnames", []string{"map", "--guest", "grid:2x2", "--host", "line:4", "--algo", "identity", "--hostnames", names, "--format", "rankfile"}, "rank 0=nid0 slot=0\n"},
		{"--placement", []string{"score", "--guest", "grid:2x2", "--host", "line:4", "--placement", order}, "Placement read as rankorder"},
	} {
		out, _, err := runArgs(t, c.args...)
		if err != nil || !strings.Contains(out, c.want) {
			t.Errorf("%s: %v\n%s\nwant output with %q", c.name, err, out, c.want)
		}
	}
}
