/**
 * The cow list's saved filter and sort (spec §4: filters persist in local storage). The herd feature owns
 * the shape; this module owns the key so the session can forget it on logout (spec §4).
 */
export const COW_LIST_STORAGE_KEY = 'cowcare.cowListFilter';

export function readCowListPrefs(): unknown {
  try {
    const raw = window.localStorage.getItem(COW_LIST_STORAGE_KEY);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

export function writeCowListPrefs(value: unknown): void {
  try {
    window.localStorage.setItem(COW_LIST_STORAGE_KEY, JSON.stringify(value));
  } catch {
    // storage full or disabled: the choice lasts for this page only
  }
}

export function clearCowListPrefs(): void {
  try {
    window.localStorage.removeItem(COW_LIST_STORAGE_KEY);
  } catch {
    // nothing stored
  }
}
