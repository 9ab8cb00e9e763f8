import { paths } from '../config/paths';

/**
 * The welcome screen (spec §2 `welcome`) shows once: once on a device before anyone logs in (a new install)
 * and once for each user after their first login or registration on it. Both marks live in local storage
 * and outlive a logout, so a farmer who logs out is not greeted again; a device where anyone was logged in
 * is no new install.
 */
const DEVICE_KEY = 'cowcare.welcomeSeen.device';
const userKey = (userId: number) => `cowcare.welcomeSeen.user.${userId}`;

function read(key: string): boolean {
  try {
    return window.localStorage.getItem(key) !== null;
  } catch {
    // storage disabled: greeting again is better than never
    return false;
  }
}

function write(key: string): void {
  try {
    window.localStorage.setItem(key, new Date().toISOString());
  } catch {
    // storage full or disabled: the welcome may show once more
  }
}

export const welcomeSeenOnDevice = (): boolean => read(DEVICE_KEY);

export const welcomeSeenBy = (userId: number): boolean => read(userKey(userId));

/** Someone logged in here: the device is no new install, and a logout leads to the login page. */
export function markDeviceKnown(): void {
  if (!read(DEVICE_KEY)) write(DEVICE_KEY);
}

/** The welcome was shown: to this device, and to this user when one is logged in. */
export function markWelcomeSeen(userId: number | null): void {
  write(DEVICE_KEY);
  if (userId !== null) write(userKey(userId));
}

/** Where a login or a registration lands: the welcome the first time for this user here, else the cow list. */
export const landingAfterLogin = (userId: number): string =>
  welcomeSeenBy(userId) ? paths.home : paths.index.welcome;

/** Where the access guard sends a visitor without a login: a new install meets the welcome first. */
export const landingWithoutLogin = (): string =>
  welcomeSeenOnDevice() ? paths.login.login : paths.index.welcome;

/** The one page outside `/pages/login/` that a visitor without a login may see: it tells what CowCare is. */
export const isWelcomePath = (pathname: string): boolean => pathname === paths.index.welcome;
