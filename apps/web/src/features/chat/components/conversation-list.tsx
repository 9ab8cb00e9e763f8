import { Avatar, Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FriendRelation } from '@cowcare/contract/chat-schemas';
import { formatRelative } from '../../../lib/format';
import { useBcp47 } from '../../../lib/language';
import { sortRelations } from '../lib/history-cache';

interface ConversationListProps {
  relations: readonly FriendRelation[];
  currentId: number | undefined;
  onSelect: (relation: FriendRelation) => void;
}

/** Every conversation of the user: customer service first (the Administrator), then the latest. */
export function ConversationList({ relations, currentId, onSelect }: ConversationListProps) {
  const { t } = useTranslation();
  const bcp47 = useBcp47();
  return (
    <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('chat.tabs.chats')}>
      {sortRelations(relations).map((relation) => {
        const name = relation.kind === 'service' ? t('chat.administrator') : relation.name;
        const preview =
          relation.messagetype === 'image'
            ? t('chat.picture')
            : relation.messagetype === 'cow'
              ? t('chat.card.preview', { code: relation.message })
              : relation.message || (relation.kind === 'service' ? t('chat.serviceHint') : relation.farmName);
        const selected = relation.conversationId === currentId;
        return (
          <li key={relation.conversationId}>
            <UnstyledButton
              onClick={() => onSelect(relation)}
              aria-current={selected ? 'true' : undefined}
              aria-label={
                relation.count > 0 ? `${name}, ${t('chat.unread', { count: relation.count })}` : name
              }
              p="sm"
              w="100%"
              style={{
                borderRadius: 8,
                background: selected ? 'var(--mantine-color-green-light)' : undefined,
              }}
            >
              <Group wrap="nowrap" gap="sm">
                <Avatar
                  src={relation.avatar || null}
                  radius="xl"
                  color={relation.kind === 'service' ? 'blue' : 'green'}
                >
                  {name.slice(0, 1).toUpperCase()}
                </Avatar>
                <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text fw={600} truncate>
                      {name}
                    </Text>
                    {relation.lasttime && (
                      <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                        {formatRelative(relation.lasttime, t, bcp47)}
                      </Text>
                    )}
                  </Group>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text size="sm" c="dimmed" truncate>
                      {preview}
                    </Text>
                    {relation.count > 0 && (
                      <Badge color="red" size="sm" circle={relation.count < 10} data-testid="unread">
                        {relation.count}
                      </Badge>
                    )}
                  </Group>
                </Stack>
              </Group>
            </UnstyledButton>
          </li>
        );
      })}
    </Stack>
  );
}
