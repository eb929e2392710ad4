package server_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"topomap/backend/server"
	"topomap/backend/store"
)

// heldUpload is an upload whose body the test holds: started is closed
// once the server reads it (it holds an upload slot then), and release
// sends the rest.
type heldUpload struct {
	w       *io.PipeWriter
	started chan struct{}
	rec     chan *httptest.ResponseRecorder
}

// holdUpload posts a CSV graph whose body arrives when release is called.
func holdUpload(t *testing.T, f *fixture, body string) *heldUpload {
	t.Helper()
	r, w := io.Pipe()
	h := &heldUpload{w: w, started: make(chan struct{}), rec: make(chan *httptest.ResponseRecorder, 1)}
	req := httptest.NewRequest("POST", "/api/v1/graphs?format=csv", &firstRead{r: r, started: h.started})
	go func() {
		rec := httptest.NewRecorder()
		f.srv.ServeHTTP(rec, req)
		h.rec <- rec
	}()
	t.Cleanup(func() { w.Close() })
	go func() { // the body, once released
		<-h.started
		io.WriteString(w, body)
	}()
	return h
}

// release ends the held body and returns the answer.
func (h *heldUpload) release() *httptest.ResponseRecorder {
	h.w.Close()
	return <-h.rec
}

// firstRead closes started at the first Read.
type firstRead struct {
	r       io.Reader
	once    sync.Once
	started chan struct{}
}

func (f *firstRead) Read(p []byte) (int, error) {
	f.once.Do(func() { close(f.started) })
	return f.r.Read(p)
}

// TestUploadsHaveTheirOwnSlots: uploads take slots of their own, so an
// upload whose body is slow to arrive does not hold POST /map's (200
// concurrent small uploads got 170 × 503, and /map waited behind them);
// an upload that finds every upload slot taken waits for one rather than
// answering 503 when the synchronous timeout passes.
func TestUploadsHaveTheirOwnSlots(t *testing.T) {
	f := graphFixture(t, store.NewMemory(), server.Options{SyncWorkers: 1, UploadWorkers: 1, SyncTimeout: 100 * time.Millisecond})
	held := holdUpload(t, f, "0,1,1\n1,2,1\n")
	<-held.started
	if rec := f.do(t, "POST", "/api/v1/map", xorBody); rec.Code != http.StatusOK {
		t.Errorf("POST /map while an upload reads its body: %d %s", rec.Code, rec.Body)
	}
	waiting := make(chan *httptest.ResponseRecorder)
	go func() { waiting <- f.upload(t, "/api/v1/graphs?format=csv", "text/csv", "0,1,2\n") }()
	// Past the synchronous timeout, the second upload still waits.
	select {
	case rec := <-waiting:
		t.Fatalf("an upload behind a held one answered %d %s before it was released", rec.Code, rec.Body)
	case <-time.After(300 * time.Millisecond):
	}
	for i, rec := range []*httptest.ResponseRecorder{held.release(), <-waiting} {
		if rec.Code != http.StatusCreated {
			t.Errorf("upload %d: %d %s", i, rec.Code, strings.TrimSpace(rec.Body.String()))
		}
	}
}

// TestUploadWaitBounded: an upload that finds no upload slot within
// UploadWait answers 503 with Retry-After, saying uploads are busy.
func TestUploadWaitBounded(t *testing.T) {
	f := graphFixture(t, store.NewMemory(), server.Options{UploadWorkers: 1, UploadWait: 50 * time.Millisecond})
	held := holdUpload(t, f, "0,1,1\n")
	<-held.started
	rec := f.upload(t, "/api/v1/graphs?format=csv", "text/csv", "0,1,2\n")
	if e := decode[server.ErrorBody](t, rec); rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") == "" || !strings.Contains(e.Error, "uploads") {
		t.Errorf("upload past UploadWait: %d %q %+v", rec.Code, rec.Header().Get("Retry-After"), e)
	}
	if rec := held.release(); rec.Code != http.StatusCreated {
		t.Errorf("held upload: %d %s", rec.Code, rec.Body)
	}
}
