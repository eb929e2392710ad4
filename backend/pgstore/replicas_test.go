package pgstore_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"topomap/algorithms/solve"
	"topomap/algorithms/spec"
	"topomap/backend/jobs"
	"topomap/backend/jobs/jobstest"
	"topomap/backend/pgstore"
	"topomap/backend/pgstore/pgtest"
	"topomap/backend/server"
	"topomap/backend/store"
)

// replica is one server of a test cluster: its service and its HTTP
// address.
type replica struct {
	svc *pgstore.Service
	url string
	db  *pgstore.DB
}

// runs counts what the replicas' solvers did: every run (Map call) by
// replica and by job, and every progress report.
type runs struct {
	mu       sync.Mutex
	byJob    map[string]int
	where    map[string]int // the replica that last ran a job
	progress atomic.Int64   // progress reports of every run
	returned map[string]int64
}

// runner returns the replica that last ran a job.
func (c *runs) runner(id string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.where[id]
}

func newRuns() *runs {
	return &runs{byJob: map[string]int{}, where: map[string]int{}, returned: map[string]int64{}}
}

// solver is jobstest's Solver (Block runs until release closes) on
// replica r, counting into c.
func (c *runs) solver(r int, release <-chan struct{}) jobs.Solver {
	s := jobstest.Solver(release)
	inner := s.Map
	s.Map = func(ctx context.Context, in spec.Instance, progress func(solve.Progress)) (*solve.Result, error) {
		id := jobs.ID(in)
		c.mu.Lock()
		c.byJob[id]++
		c.where[id] = r
		c.mu.Unlock()
		res, err := inner(ctx, in, func(p solve.Progress) {
			c.progress.Add(1)
			progress(p)
		})
		c.mu.Lock()
		c.returned[id] = c.progress.Load()
		c.mu.Unlock()
		return res, err
	}
	return s
}

// startReplicas starts n replicas on one fresh database of the shared
// cluster, each with its own connections, River client and HTTP server,
// and o's limits.
func startReplicas(t testing.TB, n int, o jobs.Options, c *runs, release <-chan struct{}) []replica {
	t.Helper()
	return startReplicasOn(t, pgtest.Database(t), n, o, c, release)
}

// startReplicasOn starts n replicas on the database at url.
func startReplicasOn(t testing.TB, url string, n int, o jobs.Options, c *runs, release <-chan struct{}) []replica {
	t.Helper()
	var rs []replica
	for i := range n {
		db, err := pgstore.Open(context.Background(), url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(db.Close)
		ro := o
		ro.Solver = c.solver(i, release)
		svc := openService(t, db, ro)
		srv := server.New(server.Options{Jobs: svc, Graphs: db, Store: db.Stats, SyncTimeout: 2 * time.Minute})
		hs := httptest.NewServer(srv)
		t.Cleanup(hs.Close)
		rs = append(rs, replica{svc: svc, url: hs.URL, db: db})
	}
	return rs
}

// answer is an HTTP answer: its status and body.
type answer struct {
	status int
	body   []byte
}

func call(t testing.TB, method, url, body string) answer {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return answer{resp.StatusCode, b}
}

// post posts a job request to a replica and returns the job answered
// (safe off the test's goroutine).
func post(r replica, guest, host, algo string) (jobs.Job, int, error) {
	var j jobs.Job
	resp, err := http.Post(r.url+"/api/v1/jobs", "application/json", strings.NewReader(fmt.Sprintf(`{"guest":%q,"host":%q,"algo":%q}`, guest, host, algo)))
	if err != nil {
		return j, 0, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err == nil && (resp.StatusCode/100 != 2 || json.Unmarshal(b, &j) != nil) {
		err = fmt.Errorf("POST /jobs to %s: %d %s", r.url, resp.StatusCode, b)
	}
	return j, resp.StatusCode, err
}

// submit is post, failing the test on an error.
func submit(t testing.TB, r replica, guest, host, algo string) (jobs.Job, int) {
	t.Helper()
	j, status, err := post(r, guest, host, algo)
	if err != nil {
		t.Fatal(err)
	}
	return j, status
}

func TestIdenticalRequestsOnTwoReplicasMakeOneJobAndOneRun(t *testing.T) {
	c := newRuns()
	rs := startReplicas(t, 3, jobs.Options{Workers: 2}, c, closedChan())
	const requests = 20
	for k := range requests {
		guest, host := fmt.Sprintf("grid:2x%d", k+2), fmt.Sprintf("mesh:2x%d", k+2)
		var got [2]jobs.Job
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := range got {
			wg.Go(func() {
				<-start
				var err error
				if got[i], _, err = post(rs[(k+i)%3], guest, host, jobstest.Block); err != nil {
					t.Error(err)
				}
			})
		}
		close(start)
		wg.Wait()
		if t.Failed() {
			t.FailNow()
		}
		if got[0].ID != got[1].ID {
			t.Fatalf("request %d: two jobs %s and %s", k, got[0].ID, got[1].ID)
		}
		if tokens := btoi(got[0].CancelToken != "") + btoi(got[1].CancelToken != ""); tokens != 1 {
			t.Fatalf("request %d: %d submits got a cancel token, want exactly one (one run started)", k, tokens)
		}
		if final := jobstest.Follow(t, rs[2].svc, got[0].ID); final.Status != jobs.Done {
			t.Fatalf("request %d: %+v", k, final)
		}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.byJob) != requests {
		t.Fatalf("%d jobs ran, want %d", len(c.byJob), requests)
	}
	for id, n := range c.byJob {
		if n != 1 {
			t.Errorf("job %s ran %d times, want once", id, n)
		}
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

func closedChan() chan struct{} {
	c := make(chan struct{})
	close(c)
	return c
}

// progressTick is the time between two progress reports of
// jobstest.Block: a count of reports measures time on a loaded machine
// too, which slows the reports and the cancellation alike.
const progressTick = 5 * time.Millisecond

func TestCancelOnAnotherReplicaStopsTheRunWithinASecondAndAWrongTokenIsForbiddenEverywhere(t *testing.T) {
	c := newRuns()
	release := make(chan struct{})
	defer close(release)
	rs := startReplicas(t, 3, jobs.Options{Workers: 2}, c, release)
	j, _ := submit(t, rs[0], "grid:4x4", "mesh:4x4", jobstest.Block)
	waitRunning(t, rs[1].svc, j.ID)
	for i, r := range rs {
		for _, bad := range []string{"", "x", j.CancelToken + "x"} {
			if a := call(t, "DELETE", r.url+"/api/v1/jobs/"+j.ID+"?token="+bad, ""); a.status != http.StatusForbidden {
				t.Fatalf("replica %d, token %q: %d %s, want 403", i, bad, a.status, a.body)
			}
		}
	}
	other := rs[(c.runner(j.ID)+1)%3]
	before := c.progress.Load()
	a := call(t, "DELETE", other.url+"/api/v1/jobs/"+j.ID+"?token="+j.CancelToken, "")
	var got jobs.Job
	if a.status != http.StatusOK || json.Unmarshal(a.body, &got) != nil || got.Status != jobs.Cancelled {
		t.Fatalf("DELETE on the replica that does not run it: %d %s", a.status, a.body)
	}
	c.mu.Lock()
	ticks := c.returned[j.ID] - before
	c.mu.Unlock()
	if limit := int64(time.Second / progressTick); ticks > limit {
		t.Fatalf("the run went on for %d progress reports (%v each) after the cancel, more than a second's %d", ticks, progressTick, limit)
	}
	t.Logf("the run stopped %d progress reports (about %v) after the cancel was sent to another replica", ticks, time.Duration(ticks)*progressTick)
}

// waitRunning waits until a job runs and has reported progress.
func waitRunning(t testing.TB, svc jobs.Service, id string) jobs.Job {
	t.Helper()
	return jobstest.FollowUntil(t, svc, id, "running with progress", func(j jobs.Job) bool {
		return j.Status == jobs.Running && j.Progress.Evaluated > 0
	})
}

// sseEvent is one event of a job's stream.
type sseEvent struct {
	name string
	job  jobs.Job
}

// readEvents reads a job's event stream from a replica into a channel,
// closed at the stream's end; stop ends the request.
func readEvents(t testing.TB, url string) (events <-chan sseEvent, stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", url, nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil || resp.StatusCode != http.StatusOK {
		cancel()
		t.Fatalf("GET %s: %v %v", url, err, resp)
	}
	ch := make(chan sseEvent, 1024)
	go func() {
		defer close(ch)
		defer resp.Body.Close()
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(nil, 1<<20)
		var name string
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "event: "):
				name = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: "):
				var j jobs.Job
				if json.Unmarshal([]byte(strings.TrimPrefix(line, "data: ")), &j) == nil {
					ch <- sseEvent{name, j}
				}
			}
		}
	}()
	return ch, cancel
}

func TestEventsOnOneReplicaFollowAJobRunningOnAnotherAndResumeOnAThird(t *testing.T) {
	c := newRuns()
	release := make(chan struct{})
	rs := startReplicas(t, 3, jobs.Options{Workers: 2}, c, release)
	j, _ := submit(t, rs[0], "grid:4x4", "mesh:4x4", jobstest.Block)
	waitRunning(t, rs[0].svc, j.ID)
	b := c.runner(j.ID)
	a, third := rs[(b+1)%3], rs[(b+2)%3]
	path := "/api/v1/jobs/" + j.ID + "/events"

	events, stop := readEvents(t, a.url+path)
	last := expectProgress(t, events, jobs.Job{}, 5)
	stop()
	events, stop = readEvents(t, third.url+path)
	defer stop()
	last = expectProgress(t, events, last, 5)
	close(release)
	for e := range events {
		if e.name == server.EventEnd {
			if e.job.Status != jobs.Done {
				t.Fatalf("end event %+v, want done", e.job)
			}
			return
		}
		last = monotone(t, last, e.job)
	}
	t.Fatal("the stream on the third replica closed without the end event")
}

// expectProgress reads n more running states, each further on than the
// last, and returns the last.
func expectProgress(t *testing.T, events <-chan sseEvent, last jobs.Job, n int) jobs.Job {
	t.Helper()
	timeout := time.After(30 * time.Second)
	for seen := 0; seen < n; {
		select {
		case e, ok := <-events:
			if !ok || e.name != server.EventJob {
				t.Fatalf("stream ended (%v) or gave %q before %d progress events", ok, e.name, n)
			}
			last = monotone(t, last, e.job)
			if e.job.Status == jobs.Running && e.job.Progress.Evaluated > 0 {
				seen++
			}
		case <-timeout:
			t.Fatalf("%d progress events after 30 s, want %d", 0, n)
		}
	}
	return last
}

// monotone fails unless j's progress is no earlier than last's.
func monotone(t *testing.T, last, j jobs.Job) jobs.Job {
	t.Helper()
	if j.Status == last.Status && j.Progress.Evaluated < last.Progress.Evaluated {
		t.Fatalf("progress went back from %d to %d evaluated", last.Progress.Evaluated, j.Progress.Evaluated)
	}
	return j
}

// The placement is compared as each replica's service reads it (its own
// connections, the CRC checked, the mapping rebuilt and validated) and
// stored again in the database's form; the HTTP formats of a placement
// are the server's, whose tests check them.
func TestATenMegabytePlacementReadsTheSameFromEveryReplica(t *testing.T) {
	c := newRuns()
	rs := startReplicas(t, 3, jobs.Options{Workers: 1, MaxNodes: 1 << 22}, c, closedChan())
	const side = 1620 // 2,624,400 vertices: 10,497,600 bytes stored
	j, _ := submit(t, rs[0], fmt.Sprintf("grid:%dx%d", side, side), fmt.Sprintf("mesh:%dx%d", side, side), jobstest.Block)
	if final := jobstest.Follow(t, rs[1].svc, j.ID); final.Status != jobs.Done {
		t.Fatalf("job %+v", final)
	}
	var first []byte
	for i, r := range rs {
		res, err := r.svc.Result(j.ID)
		if err != nil {
			t.Fatalf("replica %d: %v", i, err)
		}
		b, err := store.EncodePlacement(res.Mapping.Place)
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			first = b
			if len(b) < 10_000_000 {
				t.Fatalf("placement of %d bytes, want 10 MB", len(b))
			}
			for v, n := range res.Mapping.Place {
				if v != n {
					t.Fatalf("vertex %d on node %d, want the identity", v, n)
				}
			}
		} else if !bytes.Equal(b, first) {
			t.Fatalf("replica %d reads %d bytes that differ from replica 0's %d", i, len(b), len(first))
		}
	}
}

func TestFiveHundredJobsSubmittedRoundRobinAllFinishWithoutAServerError(t *testing.T) {
	c := newRuns()
	rs := startReplicas(t, 3, jobs.Options{Workers: 2, Queue: 1000}, c, closedChan())
	const n = 500
	start := time.Now()
	ids := submitSmallJobs(t, rs, n)
	for k, id := range ids {
		if j := jobstest.Follow(t, rs[(k+1)%3].svc, id); j.Status != jobs.Done {
			t.Fatalf("job %d: %+v", k, j)
		}
	}
	t.Logf("%d jobs on 3 replicas in %v: %.0f jobs/s", n, time.Since(start).Round(time.Millisecond), n/time.Since(start).Seconds())
}

// submitSmallJobs submits n distinct small jobs (jobstest's Block on
// grids 2x2, 2x3, ...; fresh ones from a counter) to the replicas, one
// client per replica, all at once, and returns their ids in order.
func submitSmallJobs(t testing.TB, rs []replica, n int) []string {
	t.Helper()
	ids := make([]string, n)
	var wg sync.WaitGroup
	for client := range rs {
		wg.Go(func() {
			for k := client; k < n; k += len(rs) {
				size := smallJobs.Add(1) + 1
				j, status, err := post(rs[client], fmt.Sprintf("grid:2x%d", size), fmt.Sprintf("mesh:2x%d", size), jobstest.Block)
				if err != nil || status != http.StatusAccepted {
					t.Errorf("submit %d: %d %v", k, status, err)
					return
				}
				ids[k] = j.ID
			}
		})
	}
	wg.Wait()
	if t.Failed() {
		t.FailNow()
	}
	return ids
}

// smallJobs counts the small jobs submitted, so that each is new.
var smallJobs atomic.Int64
