import type { ReactNode } from 'react';
import { Stack, Text, ThemeIcon } from '@mantine/core';

interface Props {
  title: string;
  body?: string;
  icon?: ReactNode;
  /** A button or link that gets the user going. */
  action?: ReactNode;
}

/** Shown when a screen has nothing to list: says so plainly and offers the next step. */
export function EmptyState({ title, body, icon, action }: Props) {
  return (
    <Stack align="center" gap="xs" py="xl" px="md" ta="center" data-testid="empty-state">
      {icon && (
        <ThemeIcon variant="light" color="gray" size={48} radius="xl">
          {icon}
        </ThemeIcon>
      )}
      <Text fw={600}>{title}</Text>
      {body && (
        <Text size="sm" c="dimmed" maw={420}>
          {body}
        </Text>
      )}
      {action}
    </Stack>
  );
}
