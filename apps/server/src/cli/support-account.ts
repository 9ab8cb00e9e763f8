// `npm run support-account -- <command>`: support agents' accounts, made by an operator, never through the
// farm app's register call (issue 35).
//
//   add <username> --name "Full Name"   create the agent, or give an existing one a new password
//   remove <username>                   the agent's access ends: their console token fails at the next call
//   list                                the agents
//
// The password is read from SUPPORT_PASSWORD, or from the first line of stdin when piped
// (`printf '%s\n' "$PW" | npm run support-account -- add …`); at least 12 characters. The database is the
// server's (DATABASE_URL, else PGlite in DATA_DIR, which the server holds while it runs: stop it first).

import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import type { Queryable } from '../db/database';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open-database';
import { hashPassword } from '../modules/auth/passwords';

const MIN_PASSWORD = 12;

const readPassword = async (): Promise<string> => {
  if (process.env.SUPPORT_PASSWORD) return process.env.SUPPORT_PASSWORD;
  if (process.stdin.isTTY) throw new Error('set SUPPORT_PASSWORD or pipe the password on stdin');
  let input = '';
  for await (const chunk of process.stdin) input += String(chunk);
  return input.split(/\r?\n/)[0] ?? '';
};

const add = async (db: Queryable, username: string, name: string): Promise<string> => {
  const password = await readPassword();
  if (password.length < MIN_PASSWORD) {
    throw new Error(`the password needs at least ${MIN_PASSWORD} characters`);
  }
  const [row] = await db.query<{ created: boolean }>(
    `INSERT INTO admin_users (username, password_hash, name) VALUES ($1, $2, $3)
     ON CONFLICT (username) DO UPDATE SET password_hash = excluded.password_hash, removed_at = NULL,
                                          name = CASE WHEN $3 = '' THEN admin_users.name ELSE excluded.name END
     RETURNING (xmax = 0) AS created`,
    [username, await hashPassword(password), name],
  );
  return row?.created ? `support agent ${username} created` : `support agent ${username}: new password set`;
};

const remove = async (db: Queryable, username: string): Promise<string> => {
  // Kept, marked removed: the audit log and the records they touched keep their name.
  const removed = await db.query(
    'UPDATE admin_users SET removed_at = now() WHERE username = $1 AND removed_at IS NULL RETURNING id',
    [username],
  );
  if (removed.length === 0) throw new Error(`no support agent ${username}`);
  return `support agent ${username} removed`;
};

const list = async (db: Queryable): Promise<string> => {
  const agents = await db.query<{ username: string; name: string }>(
    'SELECT username, name FROM admin_users WHERE removed_at IS NULL ORDER BY username',
  );
  return agents.map((agent) => `${agent.username}\t${agent.name}`).join('\n') || '(no support agents)';
};

const run = async (): Promise<void> => {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { name: { type: 'string', default: '' } },
  });
  const [command, username] = positionals;
  const usage = 'usage: support-account add <username> --name "Full Name" | remove <username> | list';
  if (!command || (command !== 'list' && !username)) throw new Error(usage);
  const db = await openDatabase(loadConfig(process.env));
  try {
    await migrate(db);
    const message =
      command === 'add'
        ? await add(db, username!, values.name)
        : command === 'remove'
          ? await remove(db, username!)
          : command === 'list'
            ? await list(db)
            : usage;
    console.log(message);
  } finally {
    await db.close();
  }
};

run().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
