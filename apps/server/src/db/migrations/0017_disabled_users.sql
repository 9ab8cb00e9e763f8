-- Support may disable a farm user (POST admin/users/:id/disable): a disabled user cannot log in or refresh,
-- and disabling revokes every login of theirs (docs/security.md). Who disabled and why stay with the row for
-- the next support call; enabling clears all three. Removing an administrator keeps the user disabled.
ALTER TABLE users
  ADD COLUMN disabled_at timestamptz,
  ADD COLUMN disabled_by_admin_id integer REFERENCES admin_users (id) ON DELETE SET NULL,
  ADD COLUMN disabled_reason text CHECK (char_length(disabled_reason) BETWEEN 1 AND 500),
  ADD CONSTRAINT users_disabled_details_only_when_disabled
    CHECK (disabled_at IS NOT NULL OR (disabled_by_admin_id IS NULL AND disabled_reason IS NULL));
