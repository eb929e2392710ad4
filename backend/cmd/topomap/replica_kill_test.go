package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"topomap/backend/jobs"
	"topomap/backend/pgstore/pgtest"
)

// asTopomap makes the test binary the topomap command when a test starts
// it as a subprocess (a replica that can be killed).
const asTopomap = "TOPOMAP_TEST_AS_COMMAND"

func TestMain(m *testing.M) {
	if os.Getenv(asTopomap) == "1" {
		main()
		os.Exit(0)
	}
	pgtest.Main(m)
}

// process is a `topomap serve` replica running as a subprocess.
type process struct {
	cmd *exec.Cmd
	url string
}

var servingURL = regexp.MustCompile(`msg="topomap serving" url=(\S+)`)

// startServe starts `topomap serve` on a free port with args; it is
// killed at the end of the test if still running.
func startServe(t *testing.T, args ...string) *process {
	t.Helper()
	cmd := exec.Command(os.Args[0], append([]string{"serve", "--addr", "127.0.0.1:0"}, args...)...)
	cmd.Env = append(os.Environ(), asTopomap+"=1")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &process{cmd: cmd}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if m := servingURL.FindStringSubmatch(sc.Text()); m != nil {
				found <- m[1]
			}
		}
	}()
	select {
	case p.url = <-found:
	case <-time.After(60 * time.Second):
		t.Fatal("topomap serve did not say where it serves within 60 s")
	}
	return p
}

// getJob reads a job from a replica.
func getJob(t *testing.T, url, id string) jobs.Job {
	t.Helper()
	resp, err := http.Get(url + "/api/v1/jobs/" + id)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var j jobs.Job
	if err := json.NewDecoder(resp.Body).Decode(&j); err != nil {
		t.Fatal(err)
	}
	return j
}

// A PAIRS search whose budget makes it run for seconds; the budget counts
// moves, not time, so a rerun gives the same placement.
var pairsArgs = []string{"--guest", "hypercube:10", "--host", "torus:32x32", "--algo", "pairs", "--seed", "7", "--budget", "2s"}

func TestAJobWhoseReplicaIsKilledFinishesOnAnotherOnItsSecondAttemptWithTheSameBytes(t *testing.T) {
	if raceDetector {
		t.Skip("skipping under the race detector: the search runs about tenfold slower than the job time limit allows")
	}
	url := pgtest.Database(t)
	const jobTimeout = 30 * time.Second
	var rs []*process
	for range 3 {
		rs = append(rs, startServe(t, "--database-url", url, "--workers", "1", "--job-timeout", jobTimeout.String()))
	}
	j := submitPairs(t, rs[0], "2s")
	conn, err := pgx.Connect(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	victim := runnerOf(t, conn, rs, j.ID)
	victim.cmd.Process.Kill() // SIGKILL: nothing is released or recorded
	victim.cmd.Wait()
	killed := time.Now()
	// River rescues it after the job time limit, at its next rescue
	// round (every 30 s), and retries it after a backoff.
	deadline := time.Now().Add(jobTimeout + 2*time.Minute)
	var other *process
	for _, p := range rs {
		if p != victim {
			other = p
		}
	}
	for getJob(t, other.url, j.ID).Status != jobs.Done {
		if time.Now().After(deadline) {
			t.Fatalf("job %s not done %v after its replica was killed: %+v", j.ID, time.Since(killed), getJob(t, other.url, j.ID))
		}
		time.Sleep(500 * time.Millisecond)
	}
	var attempt int
	if err := conn.QueryRow(context.Background(), "SELECT attempt FROM topomap_jobs WHERE id = $1", j.ID).Scan(&attempt); err != nil || attempt != 2 {
		t.Fatalf("attempt %d, %v; want the second", attempt, err)
	}
	t.Logf("done on attempt 2, %v after the kill", time.Since(killed).Round(time.Second))
	resp, err := http.Get(other.url + "/api/v1/jobs/" + j.ID + "/placement?format=csv")
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	want, err := runCLI(t, append([]string{"map", "--format", "csv"}, pairsArgs...)...)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Fatalf("the retried job's placement (%d bytes) differs from a single-node run's (%d bytes)", len(got), len(want))
	}
}

// submitPairs submits the search of pairsArgs with budget to replica p.
func submitPairs(t *testing.T, p *process, budget string) jobs.Job {
	t.Helper()
	body := `{"guest":"hypercube:10","host":"torus:32x32","algo":"pairs","seed":7,"budget":"` + budget + `"}`
	resp, err := http.Post(p.url+"/api/v1/jobs", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	var j jobs.Job
	json.NewDecoder(resp.Body).Decode(&j)
	resp.Body.Close()
	if resp.StatusCode != http.StatusAccepted {
		t.Fatalf("submit: %d %+v", resp.StatusCode, j)
	}
	return j
}

// runnerOf waits until job id runs and returns the replica of rs that
// runs it.
func runnerOf(t *testing.T, conn *pgx.Conn, rs []*process, id string) *process {
	t.Helper()
	runner := waitRunner(t, conn, id, 1)
	for _, p := range rs {
		if strconv.Itoa(p.cmd.Process.Pid) == runner[strings.LastIndex(runner, ":")+1:] {
			return p
		}
	}
	t.Fatalf("no replica has the pid of %s", runner)
	return nil
}

// waitRunner waits until a job runs (attempt ≥ least) and returns the
// replica that runs it.
func waitRunner(t *testing.T, conn *pgx.Conn, id string, least int) string {
	t.Helper()
	for range 600 {
		var replica *string
		var attempt int
		var status string
		err := conn.QueryRow(context.Background(), "SELECT status, attempt, replica FROM topomap_jobs WHERE id = $1", id).Scan(&status, &attempt, &replica)
		if err != nil && err != pgx.ErrNoRows {
			t.Fatal(err)
		}
		if status == string(jobs.Running) && attempt >= least && replica != nil {
			return *replica
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatal(fmt.Sprintf("job %s did not start within 60 s", id))
	return ""
}

func TestServeNamesTheDatabaseItCannotUse(t *testing.T) {
	for _, c := range []struct{ url, want string }{
		{"postgres://nobody@127.0.0.1:1/topomap?sslmode=disable&connect_timeout=5", "connecting to the database"},
		{"postgres://%zz", "--database-url"},
	} {
		_, err := runCLI(t, "serve", "--addr", "127.0.0.1:0", "--database-url", c.url)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("serve --database-url %s: %v, want an error saying %q", c.url, err, c.want)
		}
	}
}

// TestCancellingAJobWhoseReplicaWasKilledAnswersCancelledAtOnce: a
// replica killed while running a job leaves its session's advisory lock
// free once Postgres has closed the session; DELETE on another replica
// then records the job cancelled and answers so, rather than answer
// running until River's rescue (--job-timeout plus 2 s, then up to
// 30 s) and the leader's sweep.
func TestCancellingAJobWhoseReplicaWasKilledAnswersCancelledAtOnce(t *testing.T) {
	url := pgtest.Database(t)
	var rs []*process
	for range 2 {
		rs = append(rs, startServe(t, "--database-url", url, "--workers", "1", "--job-timeout", "10m"))
	}
	j := submitPairs(t, rs[0], "5m")
	conn, err := pgx.Connect(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	victim, other := runnerOf(t, conn, rs, j.ID), rs[0]
	if victim == other {
		other = rs[1]
	}
	victim.cmd.Process.Kill() // SIGKILL: nothing is released or recorded
	victim.cmd.Wait()
	for range 600 { // until Postgres has ended the killed replica's sessions
		var held bool
		if err := conn.QueryRow(context.Background(), `SELECT EXISTS (SELECT 1 FROM pg_locks l JOIN topomap_jobs j
			ON (l.classid::bigint << 32 | l.objid::bigint) = j.runner WHERE l.locktype = 'advisory' AND j.id = $1)`, j.ID).Scan(&held); err != nil || !held {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	req, _ := http.NewRequest(http.MethodDelete, other.url+"/api/v1/jobs/"+j.ID+"?token="+j.CancelToken, nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var got jobs.Job
	json.NewDecoder(resp.Body).Decode(&got)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || got.Status != jobs.Cancelled {
		t.Fatalf("DELETE on the live replica: %d, %s; want 200 cancelled", resp.StatusCode, got.Status)
	}
}
