import { Anchor, Badge, Card, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { paths, withQuery } from '../../../config/paths';
import type { AttentionCow } from '../lib/herd-stats';

/** The cows needing attention, worst first, each with its reasons and a link to the cow. */
export function AttentionList({ attention }: { attention: readonly AttentionCow[] }) {
  const { t } = useTranslation();
  if (attention.length === 0) return <EmptyState title={t('overview.allWell')} />;
  return (
    <Card withBorder p={0} component="section" aria-label={t('overview.attention')}>
      {attention.map(({ cow, reasons }) => (
        <Group
          key={cow.id}
          justify="space-between"
          p="sm"
          data-testid="attention-row"
          style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
        >
          <Anchor component={Link} to={withQuery(paths.index.cow, { id: cow.id })} fw={600}>
            {cow.code}
          </Anchor>
          <Group gap={4}>
            {reasons.map((reason) => (
              <Badge key={reason} size="sm" variant="light">
                {t(`overview.reason.${reason}`)}
              </Badge>
            ))}
          </Group>
        </Group>
      ))}
    </Card>
  );
}
