-- Cow cards, the chat's third message kind (issue 35, decision 0019): the server's snapshot of one of the
-- sender's cows at send time (code, status, latest values), stored with the message as the cards' wire shape.
-- A reader of another farm gets this and never the cow itself, so it is a copy, not a reference to cows.
ALTER TABLE chat_messages DROP CONSTRAINT chat_messages_kind_check;
ALTER TABLE chat_messages ADD CONSTRAINT chat_messages_kind_check CHECK (kind IN ('text', 'image', 'cow'));
ALTER TABLE chat_messages ADD COLUMN cow_card jsonb;
ALTER TABLE chat_messages ADD CONSTRAINT chat_messages_cow_card_check CHECK ((kind = 'cow') = (cow_card IS NOT NULL));
