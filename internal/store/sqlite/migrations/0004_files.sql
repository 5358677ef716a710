-- Uploaded files live in the database (not on one instance's disk) so that every instance serves them.
CREATE TABLE files (
    id           TEXT PRIMARY KEY,
    content_type TEXT NOT NULL,
    name         TEXT NOT NULL,
    owner_id     TEXT NOT NULL,
    width        INTEGER NOT NULL DEFAULT 0,
    height       INTEGER NOT NULL DEFAULT 0,
    size         INTEGER NOT NULL,
    created_at   TEXT NOT NULL,
    data         BLOB NOT NULL
);

-- Smaller widths of an image, served as /files/{id}?w={width} for srcset.
CREATE TABLE file_variants (
    file_id      TEXT NOT NULL REFERENCES files (id) ON DELETE CASCADE,
    width        INTEGER NOT NULL,
    height       INTEGER NOT NULL,
    content_type TEXT NOT NULL,
    data         BLOB NOT NULL,
    PRIMARY KEY (file_id, width)
);
