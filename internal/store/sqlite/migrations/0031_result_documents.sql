-- A result line's athlete document (a CPF's 11 digits or a passport, "" without one), when the
-- timing company's file has a CPF or document column: the ranking by assessoria matches it with
-- a group's registrations (docs/requirements.md GRP-32). Kept out of the line's doc, which the
-- public results answer as stored.
ALTER TABLE results ADD COLUMN documento TEXT NOT NULL DEFAULT '';
