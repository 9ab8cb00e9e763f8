import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { CowIcon } from '../../../components/icons';
import { QueryError } from '../../../components/query-error';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';

/** A page opened without a valid cow id, or for a cow this farm does not have. */
export function CowMissing({ error, onRetry }: { error?: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  if (error !== undefined && !(isApiError(error) && (error.status === 404 || error.status === 403))) {
    return <QueryError error={error} onRetry={onRetry} />;
  }
  return (
    <EmptyState
      icon={<CowIcon />}
      title={t('herd.cow.notFoundTitle')}
      body={t('herd.cow.notFoundBody')}
      action={
        <Button component={Link} to={paths.home} variant="light">
          {t('notFound.home')}
        </Button>
      }
    />
  );
}
