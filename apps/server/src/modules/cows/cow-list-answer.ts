import type { IncomingHttpHeaders } from 'node:http';
import { PreparedAnswer } from '../../http/route-context';
import type { CowListAnswer } from './cow-list-cache';

/** Whether the client takes this encoding (named, or `*`, with a quality above 0). */
export const accepts = (acceptEncoding: string | undefined, encoding: 'gzip' | 'br'): boolean =>
  (acceptEncoding ?? '').split(',').some((part) => {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const quality = parameters.find((parameter) => parameter.startsWith('q='));
    return (name === encoding || name === '*') && (quality === undefined || Number(quality.slice(2)) > 0);
  });

/** `If-None-Match` holds this ETag (or `*`), compared weakly as RFC 9110 asks for a GET. */
export const matchesEtag = (ifNoneMatch: string | undefined, etag: string): boolean => {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
};

/**
 * The cow list's HTTP answer: 304 when the client holds this version, else the ready bytes: brotli when the
 * client takes it and it is made, else gzip (laid together from pieces, ready at once), else plain.
 * `private, no-cache`: a browser keeps it and asks again with its ETag each time.
 */
export const cowListAnswer = (list: CowListAnswer, headers: IncomingHttpHeaders): PreparedAnswer => {
  const common = {
    etag: list.etag,
    'cache-control': 'private, no-cache',
    vary: 'Authorization, Accept-Encoding',
  };
  if (matchesEtag(headers['if-none-match'], list.etag)) return new PreparedAnswer(304, common, undefined);
  const json = { ...common, 'content-type': 'application/json; charset=utf-8' };
  const acceptEncoding = headers['accept-encoding'];
  const brotli = accepts(acceptEncoding, 'br') ? list.brotliIfReady() : undefined;
  if (brotli) return new PreparedAnswer(200, { ...json, 'content-encoding': 'br' }, brotli);
  return accepts(acceptEncoding, 'gzip')
    ? new PreparedAnswer(200, { ...json, 'content-encoding': 'gzip' }, list.gzip())
    : new PreparedAnswer(200, json, list.raw());
};
