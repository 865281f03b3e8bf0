/**
 * Migration 38: messages that arrive by themselves (messages/stream.ts). The database says when
 * something a message stream cares about was committed, on one channel, `esign_message_stream`,
 * so that every server process on one PostgreSQL (and the one process on PGlite) hears it:
 *
 * - `m <user id> <message id>`: a message was written for the user — by any statement, whoever
 *   writes it (insertMessage, the many-at-once INSERTs of contracts/create.ts and expiry.ts, and
 *   any added later), since it is a trigger on the table and not a call each writer must remember;
 * - `s <user id>`: one of the user's sessions was revoked (logout, a password change or reset, a
 *   refresh token reused, an account closed, a company written off) or their membership of a
 *   company changed (forbidden, removed): the streams of that user check their session again.
 *
 * pg_notify in a trigger is delivered when the transaction commits, and not at all when it rolls
 * back; identical notifications of one transaction are delivered once.
 */
export const MESSAGE_STREAM_MIGRATION = {
  version: 38,
  name: 'message stream notifications',
  sql: `
CREATE FUNCTION notify_message_stream_message() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('esign_message_stream', 'm ' || NEW.user_id || ' ' || NEW.id);
  RETURN NULL;
END
$$;
CREATE TRIGGER messages_notify_stream AFTER INSERT ON messages
  FOR EACH ROW EXECUTE FUNCTION notify_message_stream_message();

CREATE FUNCTION notify_message_stream_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('esign_message_stream', 's ' || OLD.user_id);
  ELSE
    PERFORM pg_notify('esign_message_stream', 's ' || NEW.user_id);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER refresh_tokens_notify_stream AFTER UPDATE OF revoked_at ON refresh_tokens
  FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
  EXECUTE FUNCTION notify_message_stream_session();
CREATE TRIGGER company_members_notify_stream AFTER UPDATE OF status OR DELETE ON company_members
  FOR EACH ROW EXECUTE FUNCTION notify_message_stream_session();
`,
};
