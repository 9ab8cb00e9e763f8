import type { ReactNode } from 'react';
import { Card, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '@cowcare/locales/catalog';
import {
  BellIcon,
  CowIcon,
  DropletIcon,
  HeartPulseIcon,
  PulseIcon,
  SignalIcon,
  ThermometerIcon,
} from '../../../components/icons';

const WATCHES: readonly { key: MessageKey; icon: ReactNode }[] = [
  { key: 'welcome.watches.heat', icon: <HeartPulseIcon size={16} /> },
  { key: 'welcome.watches.fever', icon: <ThermometerIcon size={16} /> },
  { key: 'welcome.watches.activity', icon: <PulseIcon size={16} /> },
  { key: 'welcome.watches.calving', icon: <DropletIcon size={16} /> },
  { key: 'welcome.watches.reminders', icon: <BellIcon size={16} /> },
];

const NEEDS: readonly { key: MessageKey; icon: ReactNode }[] = [
  { key: 'welcome.needs.gateway', icon: <SignalIcon size={16} /> },
  { key: 'welcome.needs.sensors', icon: <ThermometerIcon size={16} /> },
  { key: 'welcome.needs.cows', icon: <CowIcon size={16} /> },
];

function Section({
  id,
  title,
  items,
  ordered = false,
}: {
  id: string;
  title: MessageKey;
  items: readonly { key: MessageKey; icon: ReactNode }[];
  ordered?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder component="section" aria-labelledby={id}>
      <Title order={2} size="h4" mb="sm" id={id}>
        {t(title)}
      </Title>
      <List
        type={ordered ? 'ordered' : 'unordered'}
        spacing="xs"
        size="sm"
        center
        listStyleType="none"
        // A wrapped line keeps the text's own spacing: the list's default packs two lines tight on a phone.
        styles={{ itemLabel: { lineHeight: 1.45 } }}
      >
        {items.map((item) => (
          <List.Item
            key={item.key}
            icon={
              <ThemeIcon variant="light" color="green" size={28} radius="xl" aria-hidden>
                {item.icon}
              </ThemeIcon>
            }
          >
            {t(item.key)}
          </List.Item>
        ))}
      </List>
    </Card>
  );
}

/** What CowCare watches for and what a farm needs: the same for a visitor and a logged-in farmer. */
export function WelcomeIntro() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Text size="md">{t('welcome.lead')}</Text>
      <Section id="welcome-watches" title="welcome.watches.title" items={WATCHES} />
      <Section id="welcome-needs" title="welcome.needs.title" items={NEEDS} ordered />
    </Stack>
  );
}
