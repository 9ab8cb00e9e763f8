import { useSyncExternalStore } from 'react';
import type { Session, User } from '@cowcare/contract/schemas';
import { appEvents, type LogoutReason } from './event-bus';

/**
 * The stored authorization (spec §2 access guard). With "Automatic Logon" ticked the session lives in
 * localStorage and survives a browser restart; otherwise it lives in sessionStorage and ends with the tab.
 * Only one of the two ever holds a session.
 */
export const SESSION_KEYS = {
  token: 'cowcare.token',
  refreshToken: 'cowcare.refreshToken',
  user: 'cowcare.user',
} as const;

export interface StoredSession {
  token: string;
  refreshToken: string;
  user: User | null;
  /** True when the session is kept in localStorage (Automatic Logon). */
  remember: boolean;
}

function storageOf(remember: boolean): Storage | null {
  try {
    return remember ? window.localStorage : window.sessionStorage;
  } catch {
    return null; // storage disabled by the browser
  }
}

function parseUser(raw: string | null): User | null {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as User;
  } catch {
    return null;
  }
}

function readFrom(remember: boolean): StoredSession | null {
  const storage = storageOf(remember);
  const token = storage?.getItem(SESSION_KEYS.token);
  if (!storage || !token) return null;
  return {
    token,
    refreshToken: storage.getItem(SESSION_KEYS.refreshToken) ?? '',
    user: parseUser(storage.getItem(SESSION_KEYS.user)),
    remember,
  };
}

const listeners = new Set<() => void>();
let cached: StoredSession | null | undefined;

function changed(): void {
  cached = undefined;
  for (const listener of [...listeners]) listener();
}

/** The current session, read from storage (the same object until something changes). */
export function readSession(): StoredSession | null {
  if (cached === undefined) cached = readFrom(true) ?? readFrom(false);
  return cached;
}

export const hasAuthorization = (): boolean => readSession() !== null;
// Tokens are read fresh from storage: another tab may have rotated them a moment ago.
const readFresh = (): StoredSession | null => readFrom(true) ?? readFrom(false);
export const getToken = (): string | null => readFresh()?.token ?? null;
export const getRefreshToken = (): string | null => readFresh()?.refreshToken || null;
export const getUser = (): User | null => readSession()?.user ?? null;

function removeFrom(storage: Storage | null): void {
  for (const key of Object.values(SESSION_KEYS)) storage?.removeItem(key);
}

export function saveSession(session: Session, remember: boolean): void {
  removeFrom(storageOf(!remember));
  const storage = storageOf(remember);
  storage?.setItem(SESSION_KEYS.token, session.token);
  storage?.setItem(SESSION_KEYS.refreshToken, session.refreshToken);
  storage?.setItem(SESSION_KEYS.user, JSON.stringify(session.user));
  changed();
}

/** Replace the token pair after a refresh, in whichever storage holds the session. */
export function saveTokens(tokens: { token: string; refreshToken: string }): void {
  const current = readSession();
  if (!current) return;
  const storage = storageOf(current.remember);
  storage?.setItem(SESSION_KEYS.token, tokens.token);
  storage?.setItem(SESSION_KEYS.refreshToken, tokens.refreshToken);
  changed();
}

export function saveUser(user: User): void {
  const current = readSession();
  if (!current) return;
  storageOf(current.remember)?.setItem(SESSION_KEYS.user, JSON.stringify(user));
  changed();
}

export function clearSession(): void {
  removeFrom(storageOf(true));
  removeFrom(storageOf(false));
  changed();
}

/** Forget the session and tell the app (the socket closes, caches clear, the login page shows). */
export function endSession(reason: LogoutReason): void {
  const hadSession = hasAuthorization();
  clearSession();
  if (hadSession) appEvents.emit('logout', { reason });
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

// Another tab logged in, refreshed or logged out (localStorage only fires across tabs).
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || (Object.values(SESSION_KEYS) as string[]).includes(event.key)) changed();
  });
}

export function useSession(): StoredSession | null {
  return useSyncExternalStore(subscribeSession, readSession, () => null);
}

export function useUser(): User | null {
  return useSession()?.user ?? null;
}
