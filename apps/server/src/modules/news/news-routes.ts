import { api } from '@cowcare/contract/api';
import { bind } from '../../http/route-context';
import type { Services } from '../../services';
import { findUserById } from '../users/users-repository';
import { newsForReader } from './news-repository';

export const newsRoutes = (services: Services) => [
  bind(api.news.getNews, async ({ body, user }) => {
    const reader = await findUserById(services.db, user.userId);
    return newsForReader(services.db, reader?.language ?? 'en', body.order ?? 'desc');
  }),
];
