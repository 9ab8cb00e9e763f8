-- Chat (issue 35, decision 0019): conversations with their members, friendships and their requests, groups,
-- messages in per-conversation order with the client's id unique per sender.

-- service: a farm user with support (one each); direct: two friends (one per pair, kept after unfriending so
-- history returns); group: a chat group (its row in chat_groups has the same id).
CREATE TABLE chat_conversations (
  id serial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('service', 'direct', 'group')),
  -- service: the farm user; direct: 'low:high' user ids; null for groups.
  service_user_id integer UNIQUE REFERENCES users (id),
  direct_key text UNIQUE,
  -- The last message's number: a send locks this row and takes the next, so order is gap-free.
  last_seq integer NOT NULL DEFAULT 0,
  last_message_at timestamptz,
  -- Support's unread messages of a service conversation (the console's inbox).
  support_unread integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'service') = (service_user_id IS NOT NULL)),
  CHECK ((kind = 'direct') = (direct_key IS NOT NULL))
);

CREATE TABLE chat_group_types (
  id serial PRIMARY KEY,
  code text NOT NULL UNIQUE
);
INSERT INTO chat_group_types (code) VALUES ('neighbours'), ('veterinary'), ('cooperative'), ('family'), ('other');

CREATE TABLE chat_groups (
  conversation_id integer PRIMARY KEY REFERENCES chat_conversations (id),
  name text NOT NULL,
  note text NOT NULL DEFAULT '',
  avatar text NOT NULL DEFAULT '',
  type_id integer NOT NULL REFERENCES chat_group_types (id),
  owner_user_id integer NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);

-- The spec's "friend relation": a user's place in a conversation. Leaving or being removed deletes the row.
CREATE TABLE chat_members (
  id serial PRIMARY KEY,
  conversation_id integer NOT NULL REFERENCES chat_conversations (id),
  user_id integer NOT NULL REFERENCES users (id),
  unread_count integer NOT NULL DEFAULT 0 CHECK (unread_count >= 0),
  note text NOT NULL DEFAULT '',
  joined_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (conversation_id, user_id)
);
CREATE INDEX chat_members_user_idx ON chat_members (user_id);

-- One row per pair (low id first). A pending request becomes accepted; a declined or withdrawn one, or an
-- ended friendship, is deleted, so either may ask again.
CREATE TABLE chat_friendships (
  id serial PRIMARY KEY,
  low_user_id integer NOT NULL REFERENCES users (id),
  high_user_id integer NOT NULL REFERENCES users (id),
  requested_by_user_id integer NOT NULL REFERENCES users (id),
  status text NOT NULL CHECK (status IN ('pending', 'accepted')),
  created_at timestamptz NOT NULL DEFAULT now(),
  accepted_at timestamptz,
  CHECK (low_user_id < high_user_id),
  CHECK (requested_by_user_id IN (low_user_id, high_user_id)),
  UNIQUE (low_user_id, high_user_id)
);
CREATE INDEX chat_friendships_high_idx ON chat_friendships (high_user_id);

CREATE TABLE chat_messages (
  id serial PRIMARY KEY,
  conversation_id integer NOT NULL REFERENCES chat_conversations (id),
  seq integer NOT NULL,
  sender_user_id integer REFERENCES users (id),
  sender_admin_id integer REFERENCES admin_users (id),
  client_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('text', 'image')),
  content text NOT NULL,
  upload_id integer REFERENCES uploads (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((sender_user_id IS NULL) <> (sender_admin_id IS NULL)),
  CHECK ((kind = 'image') = (upload_id IS NOT NULL)),
  UNIQUE (conversation_id, seq)
);
-- A resend with the same client id finds the stored message instead of making a second one.
CREATE UNIQUE INDEX chat_messages_user_client_idx ON chat_messages (sender_user_id, client_id)
  WHERE sender_user_id IS NOT NULL;
CREATE UNIQUE INDEX chat_messages_admin_client_idx ON chat_messages (sender_admin_id, client_id)
  WHERE sender_admin_id IS NOT NULL;
