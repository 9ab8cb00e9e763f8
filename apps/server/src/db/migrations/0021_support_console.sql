-- The support console (issue 35): news with a text per language, the platform's settings that support
-- changes at run time, and the audit log of every console action.

-- News had one text; now each item has one per language it was written in. NULL publisher: the platform's own
-- (the seeded items).
ALTER TABLE news
  ADD COLUMN published_by_admin_id integer REFERENCES admin_users (id),
  ADD COLUMN withdrawn_at timestamptz;

CREATE TABLE news_texts (
  news_id integer NOT NULL REFERENCES news (id) ON DELETE CASCADE,
  language text NOT NULL,
  -- The first text written is shown where the reader's language has none.
  position smallint NOT NULL,
  title text NOT NULL,
  body text NOT NULL,
  PRIMARY KEY (news_id, language)
);
INSERT INTO news_texts (news_id, language, position, title, body) SELECT id, 'en', 0, title, body FROM news;
ALTER TABLE news DROP COLUMN title, DROP COLUMN body;

CREATE TABLE platform_settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE support_audit (
  id serial PRIMARY KEY,
  admin_id integer NOT NULL REFERENCES admin_users (id),
  action text NOT NULL,
  target text NOT NULL,
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX support_audit_at_idx ON support_audit (id DESC);

-- An agent who leaves is removed, not deleted: the audit log and the records they touched keep their name.
ALTER TABLE admin_users ADD COLUMN removed_at timestamptz;
