-- Failed logins and the addresses accounts logged in from, moved out of each server's memory: several
-- instances of one install now count the same failures, and a restart forgets none (docs/security.md).
-- `counter` names the count (login:account, gateway:address, boss-password, ...); a key longer than a btree
-- entry may be is stored as its SHA-256.
CREATE TABLE throttle_failures (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  counter text NOT NULL,
  key text NOT NULL,
  failed_at timestamptz NOT NULL
);
CREATE INDEX throttle_failures_by_key ON throttle_failures (counter, key, failed_at DESC);
CREATE INDEX throttle_failures_by_time ON throttle_failures (failed_at);

CREATE TABLE throttle_trusted_addresses (
  policy text NOT NULL,
  account text NOT NULL,
  address text NOT NULL,
  last_success_at timestamptz NOT NULL,
  PRIMARY KEY (policy, account, address)
);
CREATE INDEX throttle_trusted_addresses_by_time ON throttle_trusted_addresses (last_success_at);
