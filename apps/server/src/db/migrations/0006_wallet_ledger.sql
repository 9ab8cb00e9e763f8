-- The wallet ledger of cow-type charges (issue 3).
-- A charge keeps the name of the type it was made for: the type may be renamed or deleted later, and the
-- usage-cost record must still say what was paid for.
ALTER TABLE wallet_entries ADD COLUMN cow_type_name text;

-- cost (up to 100,000,000 minor units a cow) x a whole herd does not fit in 32 bits.
ALTER TABLE wallet_entries ALTER COLUMN amount_minor TYPE bigint;

-- The sign follows the kind, so a charge can never top a wallet up.
ALTER TABLE wallet_entries ADD CONSTRAINT wallet_entries_sign_check
  CHECK ((kind = 'charge' AND amount_minor < 0) OR (kind = 'topup' AND amount_minor > 0));

CREATE INDEX cows_farm_type_idx ON cows (farm_id, cow_type_id);
