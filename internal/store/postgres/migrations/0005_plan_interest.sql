-- Interest in a coaching plan, left on /training. sender_hash is a keyed hash of the sender's IP
-- address (never the address), used to limit how many interests one sender may leave per hour.
CREATE TABLE plan_interest (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    nome        TEXT NOT NULL,
    email       TEXT NOT NULL,
    whatsapp    TEXT NOT NULL DEFAULT '',
    plano       TEXT NOT NULL,
    sender_hash TEXT NOT NULL,
    criado_em   TIMESTAMPTZ NOT NULL
);
CREATE INDEX plan_interest_sender ON plan_interest (sender_hash, criado_em);

-- The key of sender_hash: random per database (gen_random_uuid draws from a secure generator),
-- shared by every instance that uses it.
INSERT INTO app_meta (key, value)
VALUES ('sender_hash_key', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));
