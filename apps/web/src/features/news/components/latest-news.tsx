import { useState } from 'react';
import { Anchor, Card, Group, Modal, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { NewsItem } from '@cowcare/contract/routes/news';
import { formatDateTime } from '../../../lib/format';
import { useBcp47, useLanguage } from '../../../lib/language';
import { useNews } from '../api/get-news';

/** How many headlines the card shows before "All news". */
const HEADLINES = 2;

function Headline({ item, onOpen }: { item: NewsItem; onOpen: () => void }) {
  const bcp47 = useBcp47();
  return (
    <UnstyledButton onClick={onOpen} style={{ display: 'block', width: '100%' }}>
      <Text fw={600} size="sm" lineClamp={2}>
        {item.title}
      </Text>
      <Text size="xs" c="dimmed">
        {formatDateTime(item.time, bcp47)}
      </Text>
    </UnstyledButton>
  );
}

function Article({ item }: { item: NewsItem }) {
  const bcp47 = useBcp47();
  return (
    <Stack gap={4} lang={item.language}>
      <Text size="xs" c="dimmed">
        {formatDateTime(item.time, bcp47)}
      </Text>
      <Text style={{ whiteSpace: 'pre-wrap' }}>{item.body}</Text>
    </Stack>
  );
}

/**
 * The platform's news on the data tab (spec §1, §3): the newest headlines, each opening in full, and every
 * item a tap away. Nothing shows while there is none, or when it cannot load: news never blocks the herd.
 */
export function LatestNews() {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const news = useNews(language);
  const [open, setOpen] = useState<NewsItem | 'all' | null>(null);
  const items = news.data ?? [];
  if (items.length === 0) return null;

  return (
    <Card withBorder component="section" aria-labelledby="latest-news" padding="sm">
      <Group justify="space-between" mb={6}>
        <Title order={2} size="h5" id="latest-news">
          {t('news.title')}
        </Title>
        {items.length > HEADLINES && (
          <Anchor component="button" type="button" size="sm" onClick={() => setOpen('all')}>
            {t('news.allNews', { count: items.length })}
          </Anchor>
        )}
      </Group>
      <Stack gap="xs">
        {items.slice(0, HEADLINES).map((item) => (
          <Headline key={item.id} item={item} onOpen={() => setOpen(item)} />
        ))}
      </Stack>
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        title={open === 'all' ? t('news.title') : open?.title}
        closeButtonProps={{ 'aria-label': t('common.close') }}
        size="lg"
      >
        {open === 'all' ? (
          <Stack gap="md">
            {items.map((item) => (
              <Stack key={item.id} gap={2}>
                <Text fw={600}>{item.title}</Text>
                <Article item={item} />
              </Stack>
            ))}
          </Stack>
        ) : (
          open && <Article item={open} />
        )}
      </Modal>
    </Card>
  );
}
