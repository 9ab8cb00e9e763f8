import type { ReactNode } from 'react';
import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { api } from '@cowcare/contract/api';
import type { RouteData } from '@cowcare/contract/route';
import type { CowSummary } from '@cowcare/contract/routes/cows';
import { EmptyState } from '../../../components/empty-state';
import { FamilyIcon } from '../../../components/icons';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { paths, withQuery } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { currentLanguage, LANGUAGES } from '../../../lib/i18n';
import { useCow } from '../../../lib/api/get-cow';
import { useConfigDictionary } from '../api/get-config-dictionary';
import { useCowFamily } from '../api/get-cow-family';
import { CowMissing } from '../components/cow-missing';
import { StatusBadge } from '../../../components/cows/status-badge';
import { labelOfCode, type Dictionaries } from '../../../lib/dictionary';
import { useCowIdParam } from '../lib/use-cow-id';

type UnregisteredCalfRow = RouteData<typeof api.cows.cowFamily>['unregisteredCalves'][number];

function Member({ cow }: { cow: CowSummary }) {
  const { t, i18n } = useTranslation();
  const bcp47 = LANGUAGES[currentLanguage(i18n)].bcp47;
  return (
    <Group justify="space-between" py={6} wrap="nowrap">
      <Group gap="xs">
        <Anchor component={Link} to={withQuery(paths.index.cow, { id: cow.id })} fw={700}>
          {cow.code}
        </Anchor>
        <StatusBadge stored={cow.status} size="xs" />
      </Group>
      <Text size="xs" c="dimmed">
        {t(`herd.cow.sex.${cow.sex}`)}
        {cow.birthday ? ` · ${formatDate(cow.birthday, bcp47)}` : ''}
      </Text>
    </Group>
  );
}

/** A live calf her calving recorded but nobody registered as a cow: no link, its day and sex. */
function UnregisteredCalf({
  calf,
  dictionaries,
}: {
  calf: UnregisteredCalfRow;
  dictionaries: Dictionaries | undefined;
}) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  return (
    <Group justify="space-between" py={6} wrap="nowrap" data-testid="unregistered-calf">
      <Text size="sm">{labelOfCode(dictionaries, 'calvingResult', calf.result, language)}</Text>
      <Text size="xs" c="dimmed">
        {t('herd.family.unregistered', { date: formatDate(calf.calvedOn, LANGUAGES[language].bcp47) })}
      </Text>
    </Group>
  );
}

function Block({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card withBorder component="section" aria-labelledby={id}>
      <Title order={2} size="h5" id={id} mb={4}>
        {title}
      </Title>
      {children}
    </Card>
  );
}

function Family({ id }: { id: number }) {
  const { t } = useTranslation();
  const cow = useCow(id);
  const family = useCowFamily(id);
  const dictionaries = useConfigDictionary();
  if (cow.isError) return <CowMissing error={cow.error} onRetry={() => void cow.refetch()} />;
  if (family.isError) return <CowMissing error={family.error} onRetry={() => void family.refetch()} />;
  if (cow.isPending || family.isPending) return <PageLoader />;
  const { dam, sire, calves, unregisteredCalves } = family.data;
  const calfCount = calves.length + unregisteredCalves.length;
  if (!dam && !sire && calfCount === 0) {
    return (
      <EmptyState
        icon={<FamilyIcon />}
        title={t('herd.family.emptyTitle', { code: cow.data.code })}
        body={t('herd.family.emptyBody')}
      />
    );
  }
  return (
    <Stack gap="md">
      <Text fw={700} size="lg">
        {cow.data.code}
      </Text>
      <Block id="family-dam" title={t('herd.family.dam')}>
        {dam ? (
          <Member cow={dam} />
        ) : (
          <Text size="sm" c="dimmed">
            {t('herd.family.unknown')}
          </Text>
        )}
      </Block>
      <Block id="family-sire" title={t('herd.family.sire')}>
        <Text size="sm" c={sire ? undefined : 'dimmed'}>
          {sire ? sire.code : t('herd.family.unknown')}
        </Text>
      </Block>
      <Block id="family-calves" title={t('herd.family.calves', { count: calfCount })}>
        {calfCount === 0 && (
          <Text size="sm" c="dimmed">
            {t('herd.family.noCalves')}
          </Text>
        )}
        {calves.map((calf) => (
          <Member key={calf.id} cow={calf} />
        ))}
        {unregisteredCalves.map((calf, index) => (
          <UnregisteredCalf key={`${calf.calvedOn}-${index}`} calf={calf} dictionaries={dictionaries.data} />
        ))}
      </Block>
    </Stack>
  );
}

/** A cow's family (`cowsfml?id=`): dam, sire (bull or semen code) and calves, each linked. */
export function CowsfmlRoute() {
  const { t } = useTranslation();
  const id = useCowIdParam();
  return (
    <Page title={t('pages.cowsfml')} back backTo={id ? withQuery(paths.index.cow, { id }) : paths.home}>
      {id === null ? <CowMissing /> : <Family id={id} />}
    </Page>
  );
}
