import { Type } from '@sinclair/typebox';
import { defineRoute } from '../route';
import {
  FarmNumber,
  IdParam,
  LanguageKeySchema,
  PregnancyCheckDaysSchema,
  UserMessageSchema,
  UserSchema,
} from '../schemas';

const tag = 'user';

const Cid = Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_:.-]+$' });

export const setLanguage = defineRoute({
  method: 'PUT',
  path: 'user/user/setLg/:id/:lang',
  access: 'user',
  tag,
  summary: "Save the user's interface language",
  params: Type.Object({ id: IdParam, lang: LanguageKeySchema }),
  scopes: { id: 'userId' },
  data: UserSchema,
});

export const setPushClientId = defineRoute({
  method: 'PUT',
  path: 'user/user/setiotusercid/:id/:cid',
  access: 'user',
  tag,
  summary: 'Save the push client id of this device',
  params: Type.Object({ id: IdParam, cid: Cid }),
  scopes: { id: 'userId' },
  data: UserSchema,
});

export const updateUser = defineRoute({
  method: 'PUT',
  path: 'user/user',
  access: 'user',
  tag,
  summary: 'Update the logged-in user: push client id and profile fields',
  body: Type.Object({
    id: IdParam,
    cid: Type.Optional(Cid),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    phone: Type.Optional(Type.String({ minLength: 5, maxLength: 20, pattern: '^\\+?[0-9 -]+$' })),
    city: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    avatar: Type.Optional(
      Type.String({ maxLength: 512, pattern: '^(https://|/|$)', description: 'empty removes the picture' }),
    ),
  }),
  data: UserSchema,
});

export const getUser = defineRoute({
  method: 'GET',
  path: 'common/common/getKoUserDataById/:id',
  access: 'user',
  tag,
  summary: 'The user record (only your own)',
  params: Type.Object({ id: IdParam }),
  scopes: { id: 'userId' },
  data: UserSchema,
});

const settingsParams = Type.Object({ id: IdParam, FarmNumber });

export const getSettings = defineRoute({
  method: 'GET',
  path: 'user/user/getsetting/:id/:FarmNumber',
  access: 'user',
  tag,
  summary: "The farm's days added per pregnancy-check method (defaults 40/60/60/51/60)",
  params: settingsParams,
  scopes: { id: 'userId', FarmNumber: 'farmNumber' },
  data: PregnancyCheckDaysSchema,
});

export const putSettings = defineRoute({
  method: 'PUT',
  path: 'user/user/getsetting/:id/:FarmNumber',
  access: 'user',
  ownerOnly: true,
  tag,
  summary: 'Save the pregnancy-check days (each 1..365); needs a verified boss password',
  params: settingsParams,
  body: PregnancyCheckDaysSchema,
  scopes: { id: 'userId', FarmNumber: 'farmNumber' },
  needsBossGrant: true,
  data: PregnancyCheckDaysSchema,
});

export const insertMessage = defineRoute({
  method: 'POST',
  path: 'user/user/insertmessage',
  access: 'user',
  tag,
  summary: "Store a message in the user's message list",
  body: Type.Object({ message: Type.String({ minLength: 1, maxLength: 2000 }) }),
  data: UserMessageSchema,
});

export const getMessages = defineRoute({
  method: 'GET',
  path: 'user/user/getmessage/:id',
  access: 'user',
  tag,
  summary: "The user's stored messages, newest first",
  params: Type.Object({ id: IdParam }),
  scopes: { id: 'userId' },
  data: Type.Array(UserMessageSchema),
});

export const SENSOR_STATE_NAMES = ['zts', 'zt'] as const;

export const setSensorFilter = defineRoute({
  method: 'PUT',
  path: 'common/common/setkouserztftdata/:userId',
  access: 'user',
  tag,
  summary: 'Save the selected sensor-state filter names; sent on each filtering',
  params: Type.Object({ userId: IdParam }),
  body: Type.Object({
    sensorfilter: Type.String({ maxLength: 32, pattern: '^((zts|zt)(,(zts|zt))*)?$' }),
  }),
  scopes: { userId: 'userId' },
  data: UserSchema,
});
