import { describe, expect, it, vi } from 'vitest';
import { api } from '@cowcare/contract/api';
import { apiPath } from '@cowcare/contract/route';
import { RENEW_PATH, renewSubscription } from './push-subscription-change';

const subscription = (endpoint: string, key = new Uint8Array([4, 1, 2])): PushSubscription =>
  ({
    endpoint,
    options: { applicationServerKey: key.buffer, userVisibleOnly: true },
    toJSON: () => ({ endpoint, keys: { p256dh: `p256dh-of-${endpoint}`, auth: `auth-of-${endpoint}` } }),
  }) as unknown as PushSubscription;

/** The JSON the worker posted (its body is a string). */
const sentBody = (post: ReturnType<typeof vi.fn<typeof fetch>>): unknown =>
  JSON.parse(post.mock.calls[0]?.[1]?.body as string);

describe("a subscription the browser's push service replaced", () => {
  it('is sent to the contract’s renew call with the old endpoint naming the device', async () => {
    expect(RENEW_PATH).toBe(apiPath(api.push.renewPushDevice));
    const post = vi.fn<typeof fetch>(() => Promise.resolve(new Response('{}')));
    const subscribe = vi.fn<PushManager['subscribe']>();
    await renewSubscription(
      { subscribe },
      {
        oldSubscription: subscription('https://push.example/old'),
        newSubscription: subscription('https://push.example/new'),
      },
      post,
    );
    expect(subscribe).not.toHaveBeenCalled();
    expect(post).toHaveBeenCalledWith(RENEW_PATH, expect.objectContaining({ method: 'POST' }));
    expect(sentBody(post)).toEqual({
      oldEndpoint: 'https://push.example/old',
      endpoint: 'https://push.example/new',
      keys: { p256dh: 'p256dh-of-https://push.example/new', auth: 'auth-of-https://push.example/new' },
    });
  });

  it('subscribes again with the old key when the browser gives no new subscription', async () => {
    const post = vi.fn<typeof fetch>(() => Promise.resolve(new Response('{}')));
    const subscribe = vi.fn<PushManager['subscribe']>(() =>
      Promise.resolve(subscription('https://push.example/again')),
    );
    const old = subscription('https://push.example/old', new Uint8Array([4, 9, 9]));
    await renewSubscription({ subscribe }, { oldSubscription: old, newSubscription: null }, post);
    expect(subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: old.options.applicationServerKey,
    });
    expect(sentBody(post)).toMatchObject({
      oldEndpoint: 'https://push.example/old',
      endpoint: 'https://push.example/again',
    });
  });

  it('does nothing without the old subscription: nothing names the device', async () => {
    const post = vi.fn<typeof fetch>();
    await renewSubscription({ subscribe: vi.fn() }, { oldSubscription: null, newSubscription: null }, post);
    expect(post).not.toHaveBeenCalled();
  });
});
