package main

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"topomap/backend/api"
	"topomap/backend/jobs"
	"topomap/backend/pgstore/pgtest"
)

// TestAMachineUploadedToOneReplicaMapsOnAnother: two `topomap serve`
// processes on one database, both started before the upload (so neither
// registered the machine at start); a topology.conf uploaded to the
// first names machine:ID, and once the first is killed the second, which
// was never sent the machine, accepts a job onto machine:ID (its API
// looks the machine up in the database), runs it (its River worker
// too) and serves the machine's file.
func TestAMachineUploadedToOneReplicaMapsOnAnother(t *testing.T) {
	url := pgtest.Database(t)
	a := startServe(t, "--database-url", url, "--workers", "1")
	b := startServe(t, "--database-url", url, "--workers", "1")
	resp, err := http.Post(a.url+"/api/v1/machines", "text/plain", strings.NewReader("SwitchName=s0 Nodes=dev[0-2]\nSwitchName=s1 Nodes=dev[3-5]\nSwitchName=s2 Switches=s[0-1]\n"))
	if err != nil {
		t.Fatal(err)
	}
	var m api.Machine
	json.NewDecoder(resp.Body).Decode(&m)
	resp.Body.Close()
	if resp.StatusCode != http.StatusCreated || m.ID == "" {
		t.Fatalf("upload to the first replica: %d %+v", resp.StatusCode, m)
	}
	a.cmd.Process.Kill()
	a.cmd.Wait()
	body := `{"guest":"grid:3x4","host":"machine:` + m.ID + `:cores=2","algo":"rb"}`
	resp, err = http.Post(b.url+"/api/v1/jobs", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	var j jobs.Job
	if resp.StatusCode != http.StatusAccepted || json.Unmarshal(raw, &j) != nil {
		t.Fatalf("submit onto machine:%s to the other replica: %d %s", m.ID, resp.StatusCode, raw)
	}
	deadline := time.Now().Add(60 * time.Second)
	for j = getJob(t, b.url, j.ID); !j.Status.Final(); j = getJob(t, b.url, j.ID) {
		if time.Now().After(deadline) {
			t.Fatalf("job not final within 60 s: %+v", j)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if j.Status != jobs.Done || j.Metrics == nil {
		t.Fatalf("the job onto the uploaded machine: %+v, want done", j)
	}
	resp, err = http.Get(b.url + "/api/v1/machines/" + m.ID)
	if err != nil {
		t.Fatal(err)
	}
	conf, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if want := "SwitchName=s0 Nodes=dev[0-2]\nSwitchName=s1 Nodes=dev[3-5]\nSwitchName=s2 Switches=s[0-1]\n"; resp.StatusCode != http.StatusOK || string(conf) != want {
		t.Errorf("the machine's file from the other replica: %d %q, want %q", resp.StatusCode, conf, want)
	}
}
