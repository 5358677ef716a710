package store

// PlanInterestStore stores interest in a coaching plan, sent from /training.
type PlanInterestStore interface{}
