import { describe, expect, it } from 'vitest';
import { isInvalidPayload, sensorChartBody } from './sensor-chart-request';

describe('sensorChartBody', () => {
  it("fails with 'Invalid payload' before sending when the sensor, city or country is missing (spec §5)", () => {
    const request = { sensor: 40005, city: 'F-100', country: 'KR', day: '2025-06-01' };
    for (const missing of [{ sensor: null }, { city: '' }, { country: undefined }]) {
      let thrown: unknown;
      try {
        sensorChartBody({ ...request, ...missing });
      } catch (error) {
        thrown = error;
      }
      expect(isInvalidPayload(thrown)).toBe(true);
    }
    expect(sensorChartBody(request)).toMatchObject({ id: 40005, city: 'F-100', country: 'KR' });
  });
});
