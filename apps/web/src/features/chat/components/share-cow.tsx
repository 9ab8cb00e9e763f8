import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text, Textarea, type ButtonProps } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { FriendRelation } from '@cowcare/contract/chat-schemas';
import { MAX_CHAT_TEXT } from '@cowcare/contract/chat-schemas';
import { ChatIcon } from '../../../components/icons';
import { QueryError } from '../../../components/query-error';
import { paths, withQuery } from '../../../config/paths';
import { relationsQuery } from '../api/chat-api';
import { enqueue } from '../lib/outbox';
import { sortRelations } from '../lib/history-cache';

interface SharedCow {
  id: number;
  code: string;
}

/** The conversations a card can go to, grouped as the user knows them: customer service, friends, groups. */
function useTargets(relations: readonly FriendRelation[] | undefined) {
  const { t } = useTranslation();
  const sorted = sortRelations(relations ?? []);
  const option = (relation: FriendRelation) => ({
    value: String(relation.conversationId),
    label: relation.kind === 'direct' ? `${relation.name} (${relation.farmName})` : relation.name,
  });
  return [
    {
      group: t('pages.message'),
      items: sorted
        .filter((relation) => relation.kind === 'service')
        .map((relation) => ({ ...option(relation), label: t('chat.administrator') })),
    },
    { group: t('chat.tabs.friends'), items: sorted.filter((r) => r.kind === 'direct').map(option) },
    { group: t('chat.share.groups'), items: sorted.filter((r) => r.kind === 'group').map(option) },
  ].filter((group) => group.items.length > 0);
}

function ShareForm({ cow, onClose }: { cow: SharedCow; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const relations = useQuery(relationsQuery());
  const targets = useTargets(relations.data);
  const [target, setTarget] = useState<string | null>(null);
  const [note, setNote] = useState('');

  if (relations.isError) {
    return <QueryError error={relations.error} onRetry={() => void relations.refetch()} />;
  }

  const share = () => {
    if (target === null) return;
    const conversationId = Number(target);
    // The outbox sends it with its own id (a retry never doubles it) and the conversation shows its progress.
    enqueue(queryClient, { conversationId, type: 'cow', content: note.trim(), cow });
    onClose();
    void navigate(withQuery(paths.index.message, { c: conversationId }));
  };

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('chat.share.hint')}
      </Text>
      <Select
        label={t('chat.share.to')}
        placeholder={t('chat.share.pick')}
        data={targets}
        value={target}
        onChange={setTarget}
        searchable
        disabled={relations.isPending}
        comboboxProps={{ withinPortal: true }}
      />
      <Textarea
        label={t('chat.share.note')}
        placeholder={t('chat.share.notePlaceholder', { code: cow.code })}
        autosize
        minRows={2}
        maxRows={5}
        maxLength={MAX_CHAT_TEXT}
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button onClick={share} disabled={target === null}>
          {t('chat.share.send')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * "Share in chat" on a cow's page: the chosen conversation gets a card of her. The server reads her values
 * when it stores the card, so the page sends only her id and the user's words.
 */
export function ShareCowButton({ cow, buttonProps }: { cow: SharedCow; buttonProps?: ButtonProps }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button {...buttonProps} leftSection={<ChatIcon size={16} />} onClick={() => setOpened(true)}>
        {t('chat.share.open')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('chat.share.title', { code: cow.code })}
      >
        {opened && <ShareForm cow={cow} onClose={() => setOpened(false)} />}
      </Modal>
    </>
  );
}
