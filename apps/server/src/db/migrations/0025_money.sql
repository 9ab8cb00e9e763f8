-- Money (issue 36): a double-entry ledger, orders with their events, payment providers' events, the sandbox
-- provider's own books, and the monitoring plans. Amounts are integer minor units (ISO 4217 exponent).

-- Accounts: each farm's wallet (what the platform owes the farm), and the platform's side of every movement:
-- money held at a payment provider, revenue from plans and cow types, opening balances.
CREATE TABLE ledger_accounts (
  id serial PRIMARY KEY,
  farm_id integer REFERENCES farms (id),
  kind text NOT NULL CHECK (kind IN ('wallet', 'provider', 'plan_revenue', 'cow_type_revenue', 'opening')),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  provider text,
  CHECK ((kind = 'wallet') = (farm_id IS NOT NULL)),
  CHECK ((kind = 'provider') = (provider IS NOT NULL))
);
CREATE UNIQUE INDEX ledger_accounts_identity_idx
  ON ledger_accounts (coalesce(farm_id, 0), kind, currency, coalesce(provider, ''));

CREATE TABLE ledger_transactions (
  id bigserial PRIMARY KEY,
  farm_id integer NOT NULL REFERENCES farms (id),
  kind text NOT NULL CHECK (kind IN ('charge', 'topup', 'plan', 'refund', 'topup_refund')),
  description text NOT NULL,
  -- Makes every movement happen once: a repeated call, a webhook delivered twice, a job run twice.
  idempotency_key text NOT NULL UNIQUE,
  order_id integer,
  user_id integer REFERENCES users (id),
  -- No foreign key: a deleted type must not change the books (its name is kept beside).
  cow_type_id integer,
  cow_type_name text,
  cow_count integer,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_transactions_farm_idx ON ledger_transactions (farm_id, created_at);

CREATE TABLE ledger_entries (
  id bigserial PRIMARY KEY,
  transaction_id bigint NOT NULL REFERENCES ledger_transactions (id),
  account_id integer NOT NULL REFERENCES ledger_accounts (id),
  -- Positive: money into the account; a transaction's entries sum to zero.
  amount_minor bigint NOT NULL CHECK (amount_minor <> 0)
);
CREATE INDEX ledger_entries_account_idx ON ledger_entries (account_id, transaction_id);
CREATE INDEX ledger_entries_transaction_idx ON ledger_entries (transaction_id);

-- A transaction whose entries do not sum to zero cannot commit.
CREATE FUNCTION ledger_transaction_balances() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total bigint;
BEGIN
  SELECT coalesce(sum(amount_minor), 0) INTO total FROM ledger_entries WHERE transaction_id = NEW.transaction_id;
  IF total <> 0 THEN
    RAISE EXCEPTION 'ledger transaction % does not balance (%)', NEW.transaction_id, total;
  END IF;
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER ledger_entries_balance
  AFTER INSERT ON ledger_entries DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION ledger_transaction_balances();

-- Nothing in the books is changed or removed: a correction is a new transaction.
CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: % on % refused', TG_OP, TG_TABLE_NAME;
END $$;
CREATE TRIGGER ledger_accounts_append_only BEFORE UPDATE OR DELETE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER ledger_transactions_append_only BEFORE UPDATE OR DELETE ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();

-- The wallet entries so far become ledger transactions: a top-up came from an opening balance (the demo's,
-- a test's), a charge went to cow-type revenue. The currency is the farm country's (modules/wallet/currency.ts).
CREATE FUNCTION migration_currency_of_country(country text) RETURNS text LANGUAGE sql AS $$
  SELECT CASE country WHEN 'KR' THEN 'KRW' WHEN 'CN' THEN 'CNY' WHEN 'JP' THEN 'JPY' WHEN 'BR' THEN 'BRL'
    WHEN 'PT' THEN 'EUR' WHEN 'RU' THEN 'RUB' WHEN 'TH' THEN 'THB' WHEN 'ID' THEN 'IDR' WHEN 'VN' THEN 'VND'
    ELSE 'USD' END
$$;
INSERT INTO ledger_accounts (farm_id, kind, currency)
  SELECT DISTINCT f.id, 'wallet', migration_currency_of_country(f.country)
    FROM wallet_entries w JOIN farms f ON f.id = w.farm_id;
INSERT INTO ledger_accounts (kind, currency)
  SELECT DISTINCT kind, currency FROM (
    SELECT CASE w.kind WHEN 'topup' THEN 'opening' ELSE 'cow_type_revenue' END AS kind,
           migration_currency_of_country(f.country) AS currency
      FROM wallet_entries w JOIN farms f ON f.id = w.farm_id) AS needed;
INSERT INTO ledger_transactions (id, farm_id, kind, description, idempotency_key, user_id, cow_type_id,
                                 cow_type_name, cow_count, created_at)
  SELECT id, farm_id, kind, description, 'wallet-entry:' || id, user_id, cow_type_id, cow_type_name, cow_count,
         created_at
    FROM wallet_entries;
SELECT setval('ledger_transactions_id_seq', greatest((SELECT max(id) FROM ledger_transactions), 1));
INSERT INTO ledger_entries (transaction_id, account_id, amount_minor)
  SELECT w.id, a.id, w.amount_minor
    FROM wallet_entries w JOIN farms f ON f.id = w.farm_id
    JOIN ledger_accounts a ON a.farm_id = w.farm_id AND a.kind = 'wallet';
INSERT INTO ledger_entries (transaction_id, account_id, amount_minor)
  SELECT w.id, a.id, -w.amount_minor
    FROM wallet_entries w JOIN farms f ON f.id = w.farm_id
    JOIN ledger_accounts a ON a.farm_id IS NULL
     AND a.kind = CASE w.kind WHEN 'topup' THEN 'opening' ELSE 'cow_type_revenue' END
     AND a.currency = migration_currency_of_country(f.country);
DROP TABLE wallet_entries;
DROP FUNCTION migration_currency_of_country(text);

CREATE TABLE orders (
  id serial PRIMARY KEY,
  farm_id integer NOT NULL REFERENCES farms (id),
  user_id integer REFERENCES users (id),
  kind text NOT NULL CHECK (kind IN ('topup', 'subscribe', 'renewal', 'cancel')),
  state text NOT NULL CHECK (state IN ('created', 'pending', 'paid', 'failed', 'cancelled', 'refunded')),
  amount_minor bigint NOT NULL CHECK (amount_minor >= 0),
  currency text NOT NULL,
  method text NOT NULL CHECK (method IN ('sandbox', 'stripe', 'wallet')),
  description text NOT NULL,
  plan_id integer,
  provider_reference text,
  idempotency_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (farm_id, idempotency_key)
);
CREATE INDEX orders_farm_idx ON orders (farm_id, id DESC);
CREATE UNIQUE INDEX orders_provider_reference_idx ON orders (method, provider_reference)
  WHERE provider_reference IS NOT NULL;
CREATE INDEX orders_open_idx ON orders (created_at) WHERE state IN ('created', 'pending');
ALTER TABLE ledger_transactions ADD FOREIGN KEY (order_id) REFERENCES orders (id);

CREATE TABLE order_events (
  id bigserial PRIMARY KEY,
  order_id integer NOT NULL REFERENCES orders (id),
  state text NOT NULL,
  source text NOT NULL CHECK (source IN ('user', 'provider', 'reconciliation', 'job', 'support')),
  detail text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_events_order_idx ON order_events (order_id, id);

-- Every verified webhook, once: a second delivery of the same event finds its row and changes nothing.
CREATE TABLE payment_events (
  provider text NOT NULL,
  event_id text NOT NULL,
  order_id integer REFERENCES orders (id),
  outcome text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, event_id)
);

-- The built-in sandbox provider's own side: its checkout sessions and the webhooks it owes the server,
-- delivered and retried like a real provider's (so a server down at the moment still gets them).
CREATE TABLE sandbox_checkouts (
  id text PRIMARY KEY,
  order_reference text NOT NULL UNIQUE,
  amount_minor bigint NOT NULL,
  currency text NOT NULL,
  currency_digits integer NOT NULL,
  description text NOT NULL,
  return_url text NOT NULL,
  cancel_url text NOT NULL,
  state text NOT NULL CHECK (state IN ('open', 'confirming', 'paid', 'failed', 'cancelled')),
  detail text NOT NULL DEFAULT '',
  refunded_minor bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE sandbox_webhooks (
  id bigserial PRIMARY KEY,
  event_id text NOT NULL UNIQUE,
  body text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  delivered_at timestamptz,
  last_error text
);
CREATE INDEX sandbox_webhooks_due_idx ON sandbox_webhooks (next_attempt_at) WHERE delivered_at IS NULL;

-- The paid monitoring service: plans are data, priced per currency.
CREATE TABLE plans (
  id serial PRIMARY KEY,
  code text NOT NULL UNIQUE,
  name text NOT NULL,
  pricing text NOT NULL CHECK (pricing IN ('per_cow', 'flat')),
  max_cows integer CHECK (max_cows > 0),
  sort_order integer NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true
);
CREATE TABLE plan_prices (
  plan_id integer NOT NULL REFERENCES plans (id),
  currency text NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor >= 0),
  PRIMARY KEY (plan_id, currency)
);
CREATE TABLE subscriptions (
  id serial PRIMARY KEY,
  farm_id integer NOT NULL REFERENCES farms (id),
  plan_id integer NOT NULL REFERENCES plans (id),
  started_at timestamptz NOT NULL DEFAULT now(),
  -- The period paid for: [period_start, period_end), UTC days; and what was paid for it.
  period_start date NOT NULL,
  period_end date NOT NULL,
  period_charge_minor bigint NOT NULL,
  ended_at timestamptz,
  end_reason text
);
CREATE UNIQUE INDEX subscriptions_one_active_idx ON subscriptions (farm_id) WHERE ended_at IS NULL;

-- A month of each plan, per currency of the nine countries and the fallback (about the same in each).
INSERT INTO plans (code, name, pricing, max_cows, sort_order) VALUES
  ('per-cow', 'Per monitored cow', 'per_cow', NULL, 1),
  ('herd-100', 'Herd up to 100 cows', 'flat', 100, 2),
  ('herd-500', 'Herd up to 500 cows', 'flat', 500, 3);
INSERT INTO plan_prices (plan_id, currency, amount_minor)
  SELECT p.id, price.currency, price.amount
    FROM plans p JOIN (VALUES
      ('per-cow', 'KRW', 2000), ('per-cow', 'CNY', 1000), ('per-cow', 'JPY', 220), ('per-cow', 'BRL', 800),
      ('per-cow', 'EUR', 140), ('per-cow', 'RUB', 14000), ('per-cow', 'THB', 5000), ('per-cow', 'IDR', 2400000),
      ('per-cow', 'VND', 38000), ('per-cow', 'USD', 150),
      ('herd-100', 'KRW', 150000), ('herd-100', 'CNY', 75000), ('herd-100', 'JPY', 16000),
      ('herd-100', 'BRL', 60000), ('herd-100', 'EUR', 10000), ('herd-100', 'RUB', 1000000),
      ('herd-100', 'THB', 380000), ('herd-100', 'IDR', 180000000), ('herd-100', 'VND', 2800000),
      ('herd-100', 'USD', 11000),
      ('herd-500', 'KRW', 600000), ('herd-500', 'CNY', 300000), ('herd-500', 'JPY', 65000),
      ('herd-500', 'BRL', 240000), ('herd-500', 'EUR', 40000), ('herd-500', 'RUB', 4000000),
      ('herd-500', 'THB', 1500000), ('herd-500', 'IDR', 720000000), ('herd-500', 'VND', 11000000),
      ('herd-500', 'USD', 45000)
    ) AS price (code, currency, amount) ON price.code = p.code;
