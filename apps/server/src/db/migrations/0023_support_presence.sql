-- Which support agent has which customer-service conversation open (issue 35: "several agents at once, each
-- sees who is answering which conversation"). One row per open console socket, on any instance; a row whose
-- socket stopped pinging (an instance that died) is ignored after a minute and deleted by the next change.
CREATE TABLE support_presence (
  socket_id text PRIMARY KEY,
  admin_id integer NOT NULL REFERENCES admin_users (id),
  conversation_id integer REFERENCES chat_conversations (id),
  seen_at timestamptz NOT NULL DEFAULT now()
);
