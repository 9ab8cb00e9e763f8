import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { UserMessage } from '@cowcare/contract/schemas';
import { EmptyState } from '../../../components/empty-state';
import { NoteIcon } from '../../../components/icons';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { paths } from '../../../config/paths';
import { useErrorMessage } from '../../../lib/error-message';
import { formatDateTime } from '../../../lib/format';
import { useBcp47 } from '../../../lib/language';
import { useUser } from '../../../lib/session';
import { useInsertUserMessage, useUserMessages } from '../api/user-messages';

/** The most a note may hold (the contract's bound on `user/user/insertmessage`). */
const MAX_NOTE = 2000;

function NoteForm({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const insert = useInsertUserMessage(userId);
  const error = useErrorMessage(insert.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') return;
    insert.mutate(text.trim(), { onSuccess: () => setText('') });
  };
  return (
    <form onSubmit={submit} aria-label={t('userMessages.write')}>
      <Stack gap="sm">
        <Textarea
          label={t('userMessages.write')}
          placeholder={t('userMessages.placeholder')}
          autosize
          minRows={3}
          maxRows={8}
          maxLength={MAX_NOTE}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
        />
        {insert.isError && (
          <Alert color="red" role="alert" variant="light">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={insert.isPending} disabled={text.trim() === ''}>
            {t('userMessages.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function NoteList({ notes }: { notes: UserMessage[] }) {
  const { t } = useTranslation();
  const bcp47 = useBcp47();
  if (notes.length === 0) {
    return (
      <EmptyState icon={<NoteIcon />} title={t('userMessages.none')} body={t('userMessages.noneBody')} />
    );
  }
  return (
    <Stack
      component="ol"
      gap="xs"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={t('userMessages.list')}
    >
      {notes.map((note) => (
        <Card component="li" withBorder key={note.id} p="sm" data-testid="user-message">
          <Text size="xs" c="dimmed" component="time" dateTime={note.time}>
            {formatDateTime(note.time, bcp47)}
          </Text>
          <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {note.message}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}

function Notes({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const notes = useUserMessages(userId);
  return (
    <Stack gap="lg">
      <Card withBorder component="section" aria-label={t('userMessages.write')}>
        <Text size="sm" c="dimmed" mb="sm">
          {t('userMessages.intro')}{' '}
          <Anchor component={Link} to={paths.index.message} size="sm">
            {t('userMessages.chatLink')}
          </Anchor>
        </Text>
        <NoteForm userId={userId} />
      </Card>
      <section aria-labelledby="notes-list">
        <Title order={2} size="h4" mb="sm" id="notes-list">
          {t('userMessages.list')}
        </Title>
        {notes.isPending && <PageLoader />}
        {notes.isError && <QueryError error={notes.error} onRetry={() => void notes.refetch()} />}
        {notes.isSuccess && <NoteList notes={notes.data} />}
      </section>
    </Stack>
  );
}

/**
 * The user's notes to CowCare (spec §3 "Message (user)"): what they write here is stored for the CowCare
 * team, who read it on the support console's page of the farm; newest first. No answer comes here: that is
 * the customer-service chat's job, which the screen points to (decision 0022).
 */
export function UserMessagesRoute() {
  const { t } = useTranslation();
  const user = useUser();
  return (
    <Page title={t('userMessages.title')} back backTo={paths.index.webuser}>
      {user ? <Notes userId={user.id} /> : <PageLoader />}
    </Page>
  );
}
