import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../components/page';
import { paths } from '../../config/paths';

export function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <Page title={t('notFound.title')}>
      <Stack gap="sm">
        <Text>{t('notFound.body')}</Text>
        <Anchor component={Link} to={paths.home}>
          {t('notFound.home')}
        </Anchor>
      </Stack>
    </Page>
  );
}
