import { catalog } from '@cowcare/locales/catalog';
import { isLanguageKey } from '@cowcare/locales/languages';
import { isSeverePushCode } from '@cowcare/domain/push-rules';

/** What the service worker shows (apps/web/src/service-worker/push-events.ts reads these names). */
export interface PushPayload {
  title: string;
  body: string;
  /** Same-origin path the tap opens: the cow's page, or the notice tab for a farm's notice. */
  url: string;
  /** One notification per notice on the phone: a repeat replaces it instead of piling up. */
  tag: string;
  noticeId: number;
  code: number;
  severe: boolean;
}

export interface PushedNotice {
  id: number;
  code: number;
  cowId: number | null;
  cowCode: string | null;
  details: Record<string, unknown>;
}

const text = (language: string, key: string, values: Record<string, string | number> = {}): string => {
  const lang = isLanguageKey(language) ? language : 'en';
  const template = catalog[lang][key] ?? catalog.en[key] ?? key;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
};

/** Support's own words for a platform notice (1101/1102): they are not ours to translate. */
const platformText = (details: Record<string, unknown>): { title?: string; body?: string } => ({
  ...(typeof details.title === 'string' && details.title !== '' ? { title: details.title } : {}),
  ...(typeof details.body === 'string' && details.body !== '' ? { body: details.body } : {}),
});

/**
 * The push of a notice in the user's language: "C1042 · Severe fever", and a line that says what a tap opens.
 * An escalation (nobody on the farm has read it) says so and for how long.
 */
export const pushPayloadOf = (
  notice: PushedNotice,
  language: string,
  escalatedAfterMinutes?: number,
): PushPayload => {
  const noticeName = text(language, `notices.code.${notice.code}`);
  const platform = platformText(notice.details);
  const headline =
    notice.cowCode === null
      ? (platform.title ?? noticeName)
      : text(language, 'push.title.cow', { cow: notice.cowCode, notice: noticeName });
  const title =
    escalatedAfterMinutes === undefined
      ? headline
      : text(language, 'push.title.escalated', { title: headline });
  const body =
    escalatedAfterMinutes !== undefined
      ? text(language, 'push.body.escalated', { minutes: escalatedAfterMinutes })
      : (platform.body ??
        text(language, notice.cowId === null ? 'push.body.openNotices' : 'push.body.openCow'));
  return {
    title,
    body,
    url: notice.cowId === null ? '/pages/index/notice' : `/pages/index/cow?id=${notice.cowId}`,
    tag: `notice-${notice.id}`,
    noticeId: notice.id,
    code: notice.code,
    severe: isSeverePushCode(notice.code),
  };
};
