package sqlite

import "time"

// timeLayout stores timestamps as fixed-width UTC text, so comparing the text compares the times.
const timeLayout = "2006-01-02T15:04:05.000000Z"

func formatTime(t time.Time) string { return t.UTC().Format(timeLayout) }

func parseTime(s string) (time.Time, error) { return time.Parse(timeLayout, s) }
