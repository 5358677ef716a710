-- The guardian of an athlete under age on the event's day (docs/requirements.md REG-252), copied
-- from the registration's atleta JSON when it is paid: {"nome", "documento": {"tipo", "numero"}}
-- as JSON, '' for an adult or an imported participant. The kit desk shows the name beside
-- "Menor de idade: conferir autorização do responsável".
ALTER TABLE participants ADD COLUMN responsavel TEXT NOT NULL DEFAULT '';
