-- Servers answer participant lists from the event's roster in memory (store.Roster), kept
-- current by the participants' rev: the search terms and their version are no longer read.
DROP TABLE participant_terms;
DROP TABLE participant_search_versions;
