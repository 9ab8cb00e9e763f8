import { act, render, screen } from '@testing-library/react';
import { Drawer, Modal, Notification } from '@mantine/core';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../lib/i18n';
import { AppProvider } from './provider';

const renderDialogs = (language: 'en' | 'ko') => {
  const i18n = createI18n(language);
  render(
    <AppProvider queryClient={new QueryClient()} i18n={i18n} env="test">
      <Modal opened onClose={() => undefined} title="A dialog">
        body
      </Modal>
      <Drawer opened onClose={() => undefined} title="A drawer">
        body
      </Drawer>
      <Notification onClose={() => undefined} title="A message">
        body
      </Notification>
    </AppProvider>,
  );
  return i18n;
};

describe('the theme', () => {
  it("names the close button of every dialog and message, which a screen reader would otherwise read as 'button'", () => {
    renderDialogs('en');
    expect(screen.getAllByRole('button', { name: 'Close' })).toHaveLength(3);
  });

  it("names it in the user's language, and follows a change of language", async () => {
    const i18n = renderDialogs('ko');
    expect(screen.getAllByRole('button', { name: '닫기' })).toHaveLength(3);
    await act(() => i18n.changeLanguage('ru'));
    expect(screen.getAllByRole('button', { name: 'Закрыть' })).toHaveLength(3);
  });
});
