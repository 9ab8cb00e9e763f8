import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { paths } from '../../../config/paths';
import { currentLanguage } from '../../../lib/i18n';
import { useAgreement, type AgreementKind } from '../api/get-agreement';

/** The User Service Agreement or the Privacy Policy, in the current language, from the server. */
export function AgreementPage({ kind }: { kind: AgreementKind }) {
  const { t, i18n } = useTranslation();
  const lang = currentLanguage(i18n);
  const query = useAgreement({ kind, lang });
  const fallbackTitle = kind === 'service' ? t('auth.agreement.service') : t('auth.agreement.privacy');

  return (
    <Page title={query.data?.title ?? fallbackTitle} back backTo={paths.login.login}>
      {query.isPending && <PageLoader />}
      {query.isError && <QueryError error={query.error} onRetry={() => void query.refetch()} />}
      {query.data && (
        <Stack gap="sm" component="article">
          {query.data.body
            .split(/\n\s*\n/)
            .map((paragraph) => paragraph.trim())
            .filter(Boolean)
            .map((paragraph, index) => (
              <Text key={index} style={{ whiteSpace: 'pre-line' }}>
                {paragraph}
              </Text>
            ))}
          {query.data.updatedAt && (
            <Text size="sm" c="dimmed">
              {t('auth.agreement.updatedAt', { date: query.data.updatedAt.slice(0, 10) })}
            </Text>
          )}
        </Stack>
      )}
    </Page>
  );
}
