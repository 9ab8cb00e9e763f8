import { describe, expect, it, vi } from 'vitest';
import { refreshRefusedToken } from './api-client';
import { getToken } from './session';
import { fakeApi, ok } from '../test/fake-api';
import { logIn } from '../test/render';

function refreshServer() {
  const api = fakeApi({
    'POST login/login/refreshTokenLoginApp': () => ok({ token: 'access-2', refreshToken: 'refresh-2' }),
  });
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

describe('a socket whose token the server refused', () => {
  it('refreshes the session when the refused token is still the stored one', async () => {
    const api = refreshServer();
    logIn();
    await refreshRefusedToken('access-1');
    expect(api.requests.map((request) => request.path)).toEqual(['login/login/refreshTokenLoginApp']);
    expect(getToken()).toBe('access-2');
  });

  it('leaves a token a call has already renewed alone: no second refresh of the new pair', async () => {
    const api = refreshServer();
    logIn();
    await refreshRefusedToken('access-0');
    expect(api.requests).toEqual([]);
    expect(getToken()).toBe('access-1');
  });
});
