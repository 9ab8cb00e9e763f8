import type { LanguageKey } from '@cowcare/contract/schemas';
import type { NewsItem } from '@cowcare/contract/routes/news';
import type { NewsEntry } from '@cowcare/contract/routes/support';
import type { Queryable } from '../../db/database';
import { isoUtc } from '../../db/sql-time';

export interface NewsText {
  language: LanguageKey;
  title: string;
  body: string;
}

export const insertNews = async (
  tx: Queryable,
  adminId: number,
  texts: readonly NewsText[],
): Promise<number> => {
  const [row] = await tx.query<{ id: number }>(
    'INSERT INTO news (published_by_admin_id) VALUES ($1) RETURNING id',
    [adminId],
  );
  if (!row) throw new Error('news insert returned no id');
  for (const [position, text] of texts.entries()) {
    await tx.query(
      'INSERT INTO news_texts (news_id, language, position, title, body) VALUES ($1, $2, $3, $4, $5)',
      [row.id, text.language, position, text.title, text.body],
    );
  }
  return row.id;
};

/** Every item with all its texts, for the console. */
export const listNewsEntries = (db: Queryable, id?: number): Promise<NewsEntry[]> =>
  // json_agg comes back parsed from PGlite and from PostgreSQL's driver alike.
  db.query<NewsEntry>(
    `SELECT n.id, ${isoUtc('n.published_at')} AS "publishedAt",
            coalesce(nullif(a.name, ''), a.username, 'CowCare') AS "publishedBy",
            (SELECT json_agg(json_build_object('language', t.language, 'title', t.title, 'body', t.body)
                             ORDER BY t.position)
               FROM news_texts t WHERE t.news_id = n.id) AS texts
       FROM news n LEFT JOIN admin_users a ON a.id = n.published_by_admin_id
      WHERE n.withdrawn_at IS NULL AND ($1::int IS NULL OR n.id = $1)
      ORDER BY n.published_at DESC, n.id DESC
      LIMIT 100`,
    [id ?? null],
  );

/** Withdraws a published item; false when there is none (or it is withdrawn already). */
export const withdrawNews = async (tx: Queryable, id: number): Promise<boolean> =>
  (
    await tx.query(
      'UPDATE news SET withdrawn_at = now() WHERE id = $1 AND withdrawn_at IS NULL RETURNING id',
      [id],
    )
  ).length > 0;

/** The news a reader sees: each item in their language where it has a text, else in its first. */
export const newsForReader = (db: Queryable, language: string, order: 'asc' | 'desc'): Promise<NewsItem[]> =>
  db.query<NewsItem>(
    `SELECT n.id, t.title, t.body, t.language, ${isoUtc('n.published_at')} AS time
       FROM news n
       JOIN LATERAL (
         SELECT title, body, language FROM news_texts
          WHERE news_id = n.id
          ORDER BY (language = $1) DESC, position
          LIMIT 1
       ) t ON true
      WHERE n.withdrawn_at IS NULL
      ORDER BY n.published_at ${order === 'asc' ? 'ASC' : 'DESC'}, n.id ${order === 'asc' ? 'ASC' : 'DESC'}
      LIMIT 50`,
    [language],
  );
