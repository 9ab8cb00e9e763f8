import { describe, it, expect } from 'vitest';
import * as constants from '../src/constants';

// Pins the spec §9 values, so an accidental edit shows up as a spec deviation.
describe('spec §9 constants', () => {
  it.each<[keyof typeof constants, unknown]>([
    ['APP_VERSION', '1.5.90'],
    ['APP_VERSION_CODE', 190],
    ['APP_VERSION_NUMERIC', 90],
    ['TAB_COUNT', 3],
    ['REQUEST_TIMEOUT_MS', 60_000],
    ['SOCKET_CONNECT_TIMEOUT_MS', 60_000],
    ['UPLOAD_TIMEOUT_MS', 60_000],
    ['DOWNLOAD_TIMEOUT_MS', 60_000],
    ['ASYNC_PAGE_LOADING_DELAY_MS', 200],
    ['ASYNC_PAGE_LOADING_TIMEOUT_MS', 60_000],
    ['PAGE_CHUNK_LOAD_TIMEOUT_MS', 120_000],
    ['SOCKET_PING_INTERVAL_MS', 10_000],
    ['SOCKET_RECONNECT_INTERVAL_MS', 3_000],
    ['TRANSLATION_REFRESH_INTERVAL_MS', 60_000],
    ['COW_DATA_REFRESH_INTERVAL_MS', 1_800_000],
    ['COW_INFO_SUBSCRIPTION_DELAY_MS', 300_000],
    ['BACKGROUND_LOAD_PAUSE_BETWEEN_COWS_MS', 500],
    ['CACHE_REPLY_DELAY_MS', 200],
    ['POST_LOAD_FILTER_DELAY_MS', 1_000],
    ['LOADING_INDICATOR_DELAY_MS', 800],
    ['LOADING_INDICATOR_DEFAULT_TEXT', 'requesting'],
    ['TOAST_DURATION_MS', 1_500],
    ['DEBOUNCE_DELAY_MS', 500],
    ['THROTTLE_INTERVAL_MS', 500],
    ['NOTIFICATION_TOAST_TYPES', ['primary', 'success', 'info', 'error', 'warning']],
    ['DEFAULT_AVERAGE_TEMPERATURE_CELSIUS', 38.9],
    ['DEFAULT_AVERAGE_ACTIVITY', 10],
    // Not the spec's 0.45: CowCare's average already leaves a bolus's drinks out (decision 0013).
    ['DEFAULT_TEMPERATURE_OFFSET_CELSIUS', 0],
    ['SENSOR_READING_INTERVAL_MINUTES', 10],
  ])('%s is %j', (name, value) => {
    expect(constants[name]).toEqual(value);
  });
});
