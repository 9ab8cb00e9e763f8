import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/** The two documents the 'Read and Agree' box refers to. */
export function AgreementLinks() {
  const { t } = useTranslation();
  return (
    <Group gap="xs" pl={32}>
      <Anchor component={Link} to={paths.login.service} size="sm">
        {t('auth.agreement.service')}
      </Anchor>
      <Text size="sm" c="dimmed" aria-hidden="true">
        ·
      </Text>
      <Anchor component={Link} to={paths.login.yinsi} size="sm">
        {t('auth.agreement.privacy')}
      </Anchor>
    </Group>
  );
}
