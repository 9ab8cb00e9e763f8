import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { mergeTranslationStrings } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { useTranslationStrings } from './api/get-translation-strings';

/**
 * Keeps the server's translation strings merged over the bundled catalog: fetched while logged in, polled
 * every 60 s, and fetched again when the language changes (spec §4).
 */
export function TranslationSync() {
  const { i18n } = useTranslation();
  const loggedIn = useSession() !== null;
  const query = useTranslationStrings(loggedIn);
  const { data, refetch } = query;

  useEffect(() => {
    if (data) mergeTranslationStrings(i18n, data);
  }, [data, i18n]);

  useEffect(() => {
    if (!loggedIn) return;
    const onChange = () => void refetch();
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, [i18n, loggedIn, refetch]);

  return null;
}
