import { hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP's minimum: 19 MiB of memory, 2 passes, parallelism 1. */
const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2ID);

export const verifyPassword = async (passwordHash: string, candidate: string): Promise<boolean> => {
  try {
    return await verify(passwordHash, candidate);
  } catch {
    return false;
  }
};

/**
 * Checking an unknown username against this keeps its timing close to a known one's, so response time
 * does not tell an attacker which usernames exist.
 */
let dummyHash: Promise<string> | undefined;
export const burnPasswordCheck = async (candidate: string): Promise<void> => {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(await dummyHash, candidate);
};

/**
 * The account when `candidate` is its password, else undefined; an unknown account (undefined) costs the same
 * check, so the answer's timing does not tell which accounts exist.
 */
export const accountWithPassword = async <Account>(
  account: Account | undefined,
  passwordHashOf: (account: Account) => string,
  candidate: string,
): Promise<Account | undefined> => {
  if (account === undefined) {
    await burnPasswordCheck(candidate);
    return undefined;
  }
  return (await verifyPassword(passwordHashOf(account), candidate)) ? account : undefined;
};
