package store

// FileStore stores uploaded files (banners, regulations, result PDFs), kept in the database so every instance serves them.
type FileStore interface{}
