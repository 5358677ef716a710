-- Group prices (docs/requirements.md GRP-21): the percent of the group tier that gave a
-- registration its discount, 0 when none did, so that the quote and the receipt name it.
ALTER TABLE registrations ADD COLUMN desconto_grupo INTEGER NOT NULL DEFAULT 0;
