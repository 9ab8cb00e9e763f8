// Business constants of spec §9 that are not owned by one topic module. Topic tables live next to the rule
// that uses them: sensor id threshold (sensor), temperature/activity bands and option values (cow-filter),
// mating add-days and diagnosis days (reproduction-dates), camera port scheme (camera), notice codes
// (notice-codes), relative-time limits (relative-time), language keys (languages).

export const APP_VERSION = '1.5.90';
export const APP_VERSION_CODE = 190;
/** The configuration's separate numeric version (spec §1/§9). */
export const APP_VERSION_NUMERIC = 90;

export const TAB_COUNT = 3;

export const REQUEST_TIMEOUT_MS = 60_000;
export const SOCKET_CONNECT_TIMEOUT_MS = 60_000;
export const UPLOAD_TIMEOUT_MS = 60_000;
export const DOWNLOAD_TIMEOUT_MS = 60_000;
export const ASYNC_PAGE_LOADING_DELAY_MS = 200;
export const ASYNC_PAGE_LOADING_TIMEOUT_MS = 60_000;
export const PAGE_CHUNK_LOAD_TIMEOUT_MS = 120_000;

export const SOCKET_PING_INTERVAL_MS = 10_000;
export const SOCKET_RECONNECT_INTERVAL_MS = 3_000;
export const TRANSLATION_REFRESH_INTERVAL_MS = 60_000;
export const COW_DATA_REFRESH_INTERVAL_MS = 1_800_000;
export const COW_INFO_SUBSCRIPTION_DELAY_MS = 300_000;
export const BACKGROUND_LOAD_PAUSE_BETWEEN_COWS_MS = 500;
export const CACHE_REPLY_DELAY_MS = 200;
export const POST_LOAD_FILTER_DELAY_MS = 1_000;

export const LOADING_INDICATOR_DELAY_MS = 800;
export const LOADING_INDICATOR_DEFAULT_TEXT = 'requesting';
export const TOAST_DURATION_MS = 1_500;
export const DEBOUNCE_DELAY_MS = 500;
export const THROTTLE_INTERVAL_MS = 500;

export const NOTIFICATION_TOAST_TYPES = ['primary', 'success', 'info', 'error', 'warning'] as const;
export type NotificationToastType = (typeof NOTIFICATION_TOAST_TYPES)[number];

/** Used when a cow has no temperature average yet (gap filling, charts). */
export const DEFAULT_AVERAGE_TEMPERATURE_CELSIUS = 38.9;
/** Used when a cow has no activity average yet (gap filling, charts). */
export const DEFAULT_AVERAGE_ACTIVITY = 10;
/**
 * tempadd when a cow has none. The spec's 0.45 is the gap between a bolus's plain mean and her temperature
 * between drinks; CowCare's average already leaves the drinks out (and a collar sees none), so her average
 * is her usual temperature and no gap is left to add (decision 0013). A farmer may still set one per cow.
 */
export const DEFAULT_TEMPERATURE_OFFSET_CELSIUS = 0;
/** Sensors report once per interval; gap filling steps timestamps by it. */
export const SENSOR_READING_INTERVAL_MINUTES = 10;

/** Days a farm's invitation code works after an owner makes it (architecture §10). */
export const INVITATION_CODE_DAYS = 7;
