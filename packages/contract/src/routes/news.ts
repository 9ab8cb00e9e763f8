import { Type, type Static } from '@sinclair/typebox';
import { defineRoute } from '../route';
import { DateTimeString, Id, LanguageKeySchema } from '../schemas';

const tag = 'news';

/** A news item as a farm user reads it: in their language where support wrote a translation. */
export const NewsItemSchema = Type.Object({
  id: Id,
  title: Type.String(),
  body: Type.String(),
  /** The language of this text: the user's when translated, else the item's first. */
  language: LanguageKeySchema,
  time: DateTimeString,
});
export type NewsItem = Static<typeof NewsItemSchema>;

export const getNews = defineRoute({
  method: 'POST',
  path: 'common/common/getdbnamedata/news',
  access: 'user',
  tag,
  summary:
    "News published by support, newest first (spec §3), each in the user's language where a translation " +
    'exists; at most 50.',
  body: Type.Object({
    order: Type.Optional(
      Type.Union([Type.Literal('desc'), Type.Literal('asc')], { description: 'by time; desc by default' }),
    ),
  }),
  data: Type.Array(NewsItemSchema),
});
