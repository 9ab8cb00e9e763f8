/**
 * Build-time configuration. The three request bases of spec §7 (the API, the sensor-data host and the chat
 * host) default to this origin's `/api/`; a deployment may point them elsewhere with VITE_* variables.
 */
function base(value: string | undefined): string {
  const chosen = value && value.trim() !== '' ? value.trim() : '/api/';
  return chosen.endsWith('/') ? chosen : `${chosen}/`;
}

export type ApiBase = 'api' | 'sensor' | 'chat';

export const apiBases: Record<ApiBase, string> = {
  api: base(import.meta.env.VITE_API_BASE),
  sensor: base(import.meta.env.VITE_SENSOR_API_BASE),
  chat: base(import.meta.env.VITE_CHAT_API_BASE),
};

/** Socket URL for a token: same host as the page unless VITE_SOCKET_URL is set (ws:// or wss://). */
export function socketUrl(token: string, path = '/socket'): string {
  const configured = import.meta.env.VITE_SOCKET_URL;
  const origin =
    configured && configured.trim() !== ''
      ? configured.replace(/\/$/, '')
      : `${window.location.protocol === 'https:' ? 'wss:' : 'ws:'}//${window.location.host}`;
  return `${origin}${path}?token=${encodeURIComponent(token)}`;
}
