-- Platform-wide reference data: system info, dictionaries, translation strings, news.

CREATE TABLE system_info (
  id integer PRIMARY KEY CHECK (id = 1),
  app_name text NOT NULL,
  version text NOT NULL,
  version_code integer NOT NULL,
  service_email text NOT NULL,
  service_phone text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE config_dictionary (
  id serial PRIMARY KEY,
  dictionary text NOT NULL,
  code text NOT NULL,
  label_ch text NOT NULL,
  label_ko text NOT NULL,
  label_en text NOT NULL,
  add_days integer,
  sort_order integer NOT NULL DEFAULT 0,
  UNIQUE (dictionary, code)
);

CREATE TABLE translation_strings (
  key text PRIMARY KEY,
  ch text NOT NULL,
  ko text NOT NULL,
  en text NOT NULL,
  pty text NOT NULL,
  rb text NOT NULL,
  ru text NOT NULL,
  th text NOT NULL,
  idn text NOT NULL,
  vn text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE news (
  id serial PRIMARY KEY,
  title text NOT NULL,
  body text NOT NULL,
  published_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX news_published_at_idx ON news (published_at DESC);
