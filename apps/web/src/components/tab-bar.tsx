import type { ComponentType } from 'react';
import { Group, Stack, Text, UnstyledButton, type GroupProps, type StackProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import type { MessageKey } from '@cowcare/locales/catalog';
import { paths } from '../config/paths';
import { useIsDesktop } from '../lib/layout';
import { BellIcon, ChartIcon, ListIcon } from './icons';

interface Tab {
  to: string;
  label: MessageKey;
  Icon: ComponentType;
  /** Other paths that show this tab as current. */
  alsoAt?: readonly string[];
}

/** The three tabs of spec §2, in the spec's order. */
export const TABS: readonly Tab[] = [
  { to: paths.home, label: 'tabs.cows', Icon: ListIcon, alsoAt: [paths.tabs.index] },
  { to: paths.tabs.notice, label: 'tabs.notice', Icon: BellIcon },
  { to: paths.tabs.data, label: 'tabs.data', Icon: ChartIcon },
];

/** The width of the desktop's tab rail; the tab pages leave it free. */
export const TAB_RAIL_WIDTH = 104;

/** Phones: a bar along the bottom of the app column. */
const bottomBar: GroupProps = {
  grow: true,
  gap: 0,
  style: {
    position: 'fixed',
    bottom: 0,
    left: '50%',
    transform: 'translateX(-50%)',
    width: '100%',
    maxWidth: 'var(--app-max-width)',
    background: 'var(--mantine-color-body)',
    borderTop: '1px solid var(--mantine-color-gray-3)',
    paddingBottom: 'env(safe-area-inset-bottom)',
    zIndex: 100,
  },
};

/** Desktop: a rail down the left of the app column, so the list keeps the screen's height. */
const sideRail: StackProps = {
  gap: 'md',
  pt: 'md',
  style: {
    position: 'fixed',
    top: 0,
    bottom: 0,
    left: 'max(0px, calc((100vw - var(--app-max-width)) / 2))',
    width: TAB_RAIL_WIDTH,
    background: 'var(--mantine-color-body)',
    borderRight: '1px solid var(--mantine-color-gray-3)',
    zIndex: 100,
  },
};

/** `badges`: a count shown on a tab (the notice tab's unread notices), by the tab's path. */
export function TabBar({ badges = {} }: { badges?: Partial<Record<string, number>> }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const desktop = useIsDesktop();
  const tabs = TABS.map((tab) => {
    const current = pathname === tab.to || (tab.alsoAt?.includes(pathname) ?? false);
    const badge = badges[tab.to] ?? 0;
    return (
      <UnstyledButton
        key={tab.to}
        component={NavLink}
        to={tab.to}
        end
        aria-current={current ? 'page' : undefined}
        py={8}
        style={{
          textAlign: 'center',
          color: current ? 'var(--mantine-color-green-text)' : 'var(--mantine-color-dimmed)',
        }}
      >
        <span style={{ position: 'relative', display: 'inline-block' }}>
          <tab.Icon />
          {badge > 0 && (
            <span
              data-testid="tab-badge"
              aria-label={t('tabs.unread', { count: badge })}
              style={{
                position: 'absolute',
                top: -4,
                left: '60%',
                minWidth: 18,
                height: 18,
                padding: '0 5px',
                borderRadius: 9,
                background: 'var(--mantine-color-red-filled)',
                color: 'white',
                fontSize: 11,
                fontWeight: 700,
                lineHeight: '18px',
              }}
            >
              {badge > 99 ? '99+' : badge}
            </span>
          )}
        </span>
        <Text span display="block" size="xs" fw={current ? 700 : 500}>
          {t(tab.label)}
        </Text>
      </UnstyledButton>
    );
  });
  return desktop ? (
    <Stack component="nav" aria-label={t('tabs.label')} {...sideRail}>
      {tabs}
    </Stack>
  ) : (
    <Group component="nav" aria-label={t('tabs.label')} {...bottomBar}>
      {tabs}
    </Group>
  );
}
