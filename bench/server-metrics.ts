import type { BuiltApp } from '../apps/server/src/app';
import { metricSample } from '../apps/server/test/helpers/metrics';

/** `name{labels} value` in a `/metrics` text; 0 when there is no such sample. */
export const sampleOf = (text: string, name: string, labels = ''): number =>
  metricSample(text, name, labels) ?? 0;

/** One sample of `/metrics`, summed over the in-process instances. */
export const metricSum = async (
  instances: readonly BuiltApp[],
  name: string,
  labels = '',
): Promise<number> => {
  let sum = 0;
  for (const { app } of instances) {
    sum += sampleOf((await app.inject({ method: 'GET', url: '/metrics' })).body, name, labels);
  }
  return sum;
};
