import { Button, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';

/** The payment success dialog (spec §7); a full reload on OK so every screen shows the paid state. */
export function PaidDialog() {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      onClose={() => window.location.assign(paths.tabs.index)}
      title={t('payment.successTitle')}
      centered
      closeOnClickOutside={false}
    >
      <Stack>
        <Text>{t('payment.successBody')}</Text>
        <Button onClick={() => window.location.assign(paths.tabs.index)}>{t('common.ok')}</Button>
      </Stack>
    </Modal>
  );
}
