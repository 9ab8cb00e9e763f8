import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, ok } from '../test/fake-api';
import { demoSession, demoUser, logIn, renderApp } from '../test/render';
import {
  currentLanguage,
  i18n,
  LANGUAGE_STORAGE_KEY,
  mergeTranslationStrings,
  startLanguage,
  switchLanguage,
} from './i18n';
import { readSession } from './session';

describe('language', () => {
  it('offers all nine languages, each named in itself', async () => {
    renderApp('/pages/login/login');
    const picker = await screen.findByRole('combobox', { name: 'Language' });
    const options = [...picker.querySelectorAll('option')].map((option) => [
      option.value,
      option.textContent,
    ]);
    expect(options).toEqual([
      ['ch', '简体中文'],
      ['ko', '한국어'],
      ['en', 'English'],
      ['pty', 'Português'],
      ['rb', '日本語'],
      ['ru', 'Русский'],
      ['th', 'ไทย'],
      ['idn', 'Bahasa Indonesia'],
      ['vn', 'Tiếng Việt'],
    ]);
  });

  it('switching changes the visible text at once and is remembered', async () => {
    const user = userEvent.setup();
    renderApp('/pages/login/login');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Language' }), 'ko');
    expect(await screen.findByRole('button', { name: '로그인' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: '자동 로그인' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Login' })).toBeNull();
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ko');
    expect(document.documentElement.lang).toBe('ko-KR');

    await user.selectOptions(screen.getByRole('combobox', { name: '언어' }), 'ch');
    expect(await screen.findByRole('button', { name: '登录' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  it('keeps a language chosen on the login screen after login, even after a reload, and saves it', async () => {
    const api = fakeApi({
      'POST login/login/loginApp': () => ok({ ...demoSession, user: { ...demoUser, language: 'en' } }),
      'POST common/common/farmdatarun': () => ok({ FarmNumber: 'F-100', ready: true, created: [] }),
      'GET user/user/getmessage/7': () => ok([]),
      'GET common/common/lgs/lgs': () => ok([]),
      'PUT user/user/setLg/7/ko': () => ok({ ...demoUser, language: 'ko' }),
    });
    vi.stubGlobal('fetch', api.fetch);
    const user = userEvent.setup();
    const first = renderApp('/pages/login/login');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Language' }), 'ko');
    await screen.findByRole('button', { name: '로그인' });
    // The page is loaded again: only what was stored is left of the choice.
    first.unmount();
    await switchLanguage(i18n, startLanguage());
    renderApp('/pages/login/login');
    await user.type(await screen.findByLabelText('아이디'), 'demo');
    await user.type(screen.getByLabelText('비밀번호'), 'demo1234');
    await user.click(screen.getByRole('checkbox', { name: '읽고 동의합니다' }));
    await user.click(screen.getByRole('button', { name: '로그인' }));
    await waitFor(() =>
      expect(api.requests.map((r) => `${r.method} ${r.path}`)).toContain('PUT user/user/setLg/7/ko'),
    );
    expect(currentLanguage(i18n)).toBe('ko');
    await waitFor(() => expect(readSession()?.user?.language).toBe('ko'));
  });

  it('when logged in, also saves the choice on the server and in the stored user', async () => {
    const api = fakeApi({
      'POST common/common/farmdatarun': () => ok({ FarmNumber: 'F-100', ready: true, created: [] }),
      'GET user/user/getmessage/7': () => ok([]),
      'GET common/common/lgs/lgs': () => ok([]),
      'GET common/common/getKoUserDataById/7': () => ok(demoUser),
      'PUT user/user/setLg/7/ru': () => ok({ ...demoUser, language: 'ru' }),
    });
    vi.stubGlobal('fetch', api.fetch);
    logIn();
    const user = userEvent.setup();
    renderApp('/pages/index/webuser');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Language' }), 'ru');
    expect(await screen.findByRole('heading', { name: 'Мой аккаунт' })).toBeTruthy();
    await waitFor(() =>
      expect(api.requests.map((r) => `${r.method} ${r.path}`)).toContain('PUT user/user/setLg/7/ru'),
    );
    await waitFor(() => expect(readSession()?.user?.language).toBe('ru'));
  });

  it("merges the server's translation strings over the bundled ones", async () => {
    renderApp('/pages/login/login');
    await screen.findByRole('button', { name: 'Login' });
    mergeTranslationStrings(i18n, [
      {
        dbname: 'auth.login.submit',
        chname: '',
        koname: '',
        enname: 'Sign in',
        ptyname: '',
        rbname: '',
        runame: '',
        thname: '',
        idnname: '',
        vnname: '',
      },
    ]);
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    // An empty cell keeps the bundled text.
    expect(i18n.getResource('ko-KR', 'translation', 'auth.login.submit')).toBe('로그인');
    i18n.addResource('en', 'translation', 'auth.login.submit', 'Login');
  });
});
