package web

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// Explorer is the explorer page.
type Explorer struct{ app.Compo }

// GanttPage is the Gantt page.
type GanttPage struct{ app.Compo }

// ComparePage is the compare page.
type ComparePage struct{ app.Compo }

// JobPage is the job page.
type JobPage struct{ app.Compo }
