// `npm run ledger:check`: the books' invariants for an operator (issue 36): every transaction balances, all
// entries sum to zero, no wallet is below zero. Exit code 0 when they hold, 1 when one is broken (for cron or
// a deploy check). The database is the server's (DATABASE_URL, else PGlite in DATA_DIR: stop the server first).

import { loadConfig } from '../config';
import { openDatabase } from '../db/open-database';
import { checkLedger, ledgerProblems } from '../modules/wallet/ledger-check';

const run = async (): Promise<number> => {
  const db = await openDatabase(loadConfig(process.env));
  try {
    const check = await checkLedger(db);
    const problems = ledgerProblems(check);
    console.log(JSON.stringify(check));
    if (problems.length === 0) {
      console.log('ledger: balanced');
      return 0;
    }
    for (const problem of problems) console.error(`ledger: ${problem}`);
    return 1;
  } finally {
    await db.close();
  }
};

run().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(2);
  },
);
