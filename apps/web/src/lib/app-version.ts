import { APP_VERSION, APP_VERSION_CODE } from '@cowcare/domain/constants';

export { APP_VERSION, APP_VERSION_CODE };

const REQUIRED_VERSION_KEY = 'cowcare.upversion';

/** Keep the version the server requires (from a 409 answer) for the force-update page. */
export function storeRequiredVersion(version: string): void {
  try {
    window.localStorage.setItem(REQUIRED_VERSION_KEY, version);
  } catch {
    // storage disabled: the version page then shows only the current version
  }
}

export function readRequiredVersion(): string | null {
  try {
    return window.localStorage.getItem(REQUIRED_VERSION_KEY);
  } catch {
    return null;
  }
}
