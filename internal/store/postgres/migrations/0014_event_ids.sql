-- Every id an event was ever given, kept after the event is deleted: a readable address
-- (/event/corrida-da-lagoa-2027) is never given to another event, so an old link never shows a
-- stranger's event. The trigger makes a taken or retired id fail the event's INSERT as a unique
-- violation, which CreateEvent answers as ErrConflict.
CREATE TABLE event_ids (
    id TEXT PRIMARY KEY
);
INSERT INTO event_ids (id) SELECT id FROM events;
CREATE FUNCTION events_claim_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO event_ids (id) VALUES (NEW.id);
    RETURN NEW;
END;
$$;
CREATE TRIGGER events_claim_id AFTER INSERT ON events FOR EACH ROW EXECUTE FUNCTION events_claim_id();
