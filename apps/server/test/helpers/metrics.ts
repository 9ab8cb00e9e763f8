import type { FastifyInstance, InjectOptions } from 'fastify';

/** `GET /metrics` of a running app. */
export const scrapeMetrics = (app: FastifyInstance, options: Omit<InjectOptions, 'method' | 'url'> = {}) =>
  app.inject({ method: 'GET', url: '/metrics', ...options });

/** The value of one sample of a scrape, `name{labels} value`; undefined when it has no such sample. */
export const metricSample = (text: string, name: string, labels = ''): number | undefined => {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name}${labels} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
};
