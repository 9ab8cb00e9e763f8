import { useState } from 'react';
import { Button, Card, Group, Select, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import type { LanguageKey } from '@cowcare/contract/schemas';
import { supportCall, supportKeys } from '../api/support-client';
import { when } from '../components/when';
import { errorMessage } from '../support-error';

const LANGUAGES: { value: LanguageKey; label: string }[] = [
  { value: 'en', label: 'English' },
  { value: 'ko', label: '한국어' },
  { value: 'ch', label: '中文' },
  { value: 'pty', label: 'Português' },
  { value: 'rb', label: '日本語' },
  { value: 'ru', label: 'Русский' },
  { value: 'th', label: 'ไทย' },
  { value: 'idn', label: 'Bahasa Indonesia' },
  { value: 'vn', label: 'Tiếng Việt' },
];

interface Draft {
  language: LanguageKey;
  title: string;
  body: string;
}

const blank = (language: LanguageKey): Draft => ({ language, title: '', body: '' });

/** Publish news with a text per language (the first is shown where a reader's language has none). */
function PublishNews() {
  const queryClient = useQueryClient();
  const [texts, setTexts] = useState<Draft[]>([blank('en')]);
  const publish = useMutation({
    mutationFn: () => supportCall(api.support.publishNews, { body: { texts } }),
    onSuccess: () => {
      setTexts([blank('en')]);
      void queryClient.invalidateQueries({ queryKey: supportKeys.news });
    },
  });
  const update = (index: number, change: Partial<Draft>) =>
    setTexts((all) => all.map((text, at) => (at === index ? { ...text, ...change } : text)));
  const unused = LANGUAGES.filter((language) => !texts.some((text) => text.language === language.value));
  const complete = texts.every((text) => text.title.trim() && text.body.trim());

  return (
    <Card withBorder component="section">
      <Title order={3} size="h5" mb="xs">
        Publish news
      </Title>
      <Stack>
        {texts.map((text, index) => (
          <Stack key={text.language} gap={4}>
            <Group align="end">
              <Select
                label={index === 0 ? 'Language (shown where a reader’s has no text)' : 'Language'}
                data={[...LANGUAGES.filter((l) => l.value === text.language), ...unused]}
                value={text.language}
                onChange={(value) => value && update(index, { language: value })}
                allowDeselect={false}
                w={260}
              />
              {index > 0 && (
                <Button
                  variant="subtle"
                  color="red"
                  onClick={() => setTexts((all) => all.filter((_, at) => at !== index))}
                >
                  Remove this language
                </Button>
              )}
            </Group>
            <TextInput
              label="Title"
              value={text.title}
              onChange={(e) => update(index, { title: e.currentTarget.value })}
              maxLength={200}
            />
            <Textarea
              label="Text"
              autosize
              minRows={3}
              value={text.body}
              onChange={(e) => update(index, { body: e.currentTarget.value })}
              maxLength={10_000}
            />
          </Stack>
        ))}
        <Group>
          {unused[0] && (
            <Button variant="default" onClick={() => setTexts((all) => [...all, blank(unused[0]!.value)])}>
              Add a language
            </Button>
          )}
          <Button onClick={() => publish.mutate()} disabled={!complete} loading={publish.isPending}>
            Publish to every farm
          </Button>
        </Group>
        {publish.isError && <Text c="red">{errorMessage(publish.error)}</Text>}
        {publish.isSuccess && <Text c="green">Published.</Text>}
      </Stack>
    </Card>
  );
}

function PublishedNews() {
  const queryClient = useQueryClient();
  const news = useQuery({
    queryKey: supportKeys.news,
    queryFn: ({ signal }) => supportCall(api.support.listNews, { signal }),
  });
  const withdraw = useMutation({
    mutationFn: (id: number) => supportCall(api.support.withdrawNews, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: supportKeys.news }),
  });
  return (
    <Stack>
      <Title order={3} size="h5">
        Published
      </Title>
      {news.isError && <Text c="red">{errorMessage(news.error)}</Text>}
      {news.data?.map((entry) => (
        <Card withBorder key={entry.id}>
          <Group justify="space-between">
            <Text fw={600}>{entry.texts[0]?.title}</Text>
            <Button size="compact-xs" variant="light" color="red" onClick={() => withdraw.mutate(entry.id)}>
              Withdraw
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            {when(entry.publishedAt)} by {entry.publishedBy} ·{' '}
            {entry.texts.map((text) => text.language).join(', ')}
          </Text>
          <Text size="sm" mt={4} lineClamp={3}>
            {entry.texts[0]?.body}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}

export function SupportNewsRoute() {
  return (
    <Stack>
      <Title order={2} size="h3">
        News
      </Title>
      <PublishNews />
      <PublishedNews />
    </Stack>
  );
}
