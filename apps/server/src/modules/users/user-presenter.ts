import type { User } from '@cowcare/contract/schemas';
import type { UserRecord } from './users-repository';

const LEGACY_AVATAR_HOST = /^http:\/\/[^/]*storage[^/]*\//i;

/**
 * Avatars stored with an old plain-http storage host are served from the secure object-storage host
 * instead (spec §3).
 */
export const secureAvatarUrl = (avatar: string, secureStorageBase: string): string =>
  avatar.replace(LEGACY_AVATAR_HOST, `${secureStorageBase.replace(/\/$/, '')}/`);

export const presentUser = (user: UserRecord, secureStorageBase = 'https://storage.cowcare.app'): User => ({
  id: user.id,
  username: user.username,
  name: user.name,
  FarmNumber: user.farmNumber,
  city: user.city,
  country: user.country,
  phone: user.phone,
  avatar: secureAvatarUrl(user.avatar, secureStorageBase),
  language: user.language as User['language'],
  cid: user.pushClientId,
  sensorfilter: user.sensorFilter,
  isadmin: user.isAdmin,
  role: user.role,
});
