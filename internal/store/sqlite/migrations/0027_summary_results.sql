-- The list summary of an event says what results it has published (docs/requirements.md HOME-19,
-- event.Summary.Resultados, the rule of event.PublishedResults): 'preliminar' when any of its
-- result sets is, 'oficial' when every set is or, with none, when a modality attaches a result
-- file, 'nenhum' otherwise. From now on every write of the event or of its sets keeps it; this
-- appends it to the summaries already stored, as the last field, as Go writes it.
UPDATE events SET summary = substr(summary, 1, length(summary) - 1) || ',"resultados":"' || CASE
    WHEN EXISTS (SELECT 1 FROM result_sets r WHERE r.event_id = events.id AND r.status <> 'oficial') THEN 'preliminar'
    WHEN EXISTS (SELECT 1 FROM result_sets r WHERE r.event_id = events.id)
      OR EXISTS (SELECT 1 FROM json_each(events.doc, '$.modalidades') m
                 WHERE trim(coalesce(json_extract(m.value, '$.resultados.pdfGeralURL'), '')) <> ''
                    OR trim(coalesce(json_extract(m.value, '$.resultados.pdfCategoriasURL'), '')) <> '') THEN 'oficial'
    ELSE 'nenhum' END || '"}';
