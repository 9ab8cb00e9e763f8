import { Type } from '@sinclair/typebox';
import { CowSchema } from '../cow-schemas';
import { defineRoute } from '../route';
import { IdParam } from '../schemas';
import { CowHistoryItemSchema } from './cows';

const tag = 'admin';

export const login = defineRoute({
  method: 'POST',
  path: 'admin/login',
  access: 'public',
  tag,
  summary:
    'Support administrator login; answers an admin token for the admin/* calls (user tokens are refused ' +
    'there, and an admin token is refused on user calls). Throttled like the user login.',
  body: Type.Object({
    username: Type.String({ minLength: 1, maxLength: 64 }),
    password: Type.String({ minLength: 1, maxLength: 128 }),
  }),
  data: Type.Object({ token: Type.String({ description: 'admin access token (JWT), lives 1 hour' }) }),
});

/** Every status except 도태: a restore brings a culled cow back into the lifecycle. */
export const RestorableCowStatus = Type.Union([
  Type.Literal('발정탐지'),
  Type.Literal('비육'),
  Type.Literal('설정대기'),
  Type.Literal('임신'),
  Type.Literal('포유'),
  Type.Literal('임신감정'),
]);

export const restoreCow = defineRoute({
  method: 'POST',
  path: 'admin/cows/:id/restore',
  access: 'admin',
  tag,
  summary:
    "Restore a culled cow of any farm to a status; recorded in the cow's history as done by support. 409 " +
    'when the cow is not culled or its sensor is meanwhile worn by another active cow of its farm.',
  params: Type.Object({ id: IdParam }),
  body: Type.Object({ status: RestorableCowStatus }),
  data: CowSchema,
});

export const cowHistory = defineRoute({
  method: 'GET',
  path: 'admin/cows/:id/history',
  access: 'admin',
  tag,
  summary: "Any farm's cow's timeline, as the farm sees it (common/common/getcowhistory)",
  params: Type.Object({ id: IdParam }),
  data: Type.Array(CowHistoryItemSchema),
});
