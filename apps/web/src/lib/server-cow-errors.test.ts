import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { problemFromServer } from './server-cow-errors';

describe('server refusals of a new cow', () => {
  it('reads which field a server refusal of a new cow is about', () => {
    expect(
      problemFromServer(new ApiError(409, 'E_CONFLICT', 'This cow code is already in the farm')),
    ).toMatchObject({
      field: 'code',
    });
    expect(
      problemFromServer(new ApiError(409, 'E_CONFLICT', 'Sensor 5 is already worn by cow C3')),
    ).toMatchObject({
      field: 'sensor',
      values: { code: 'C3' },
    });
    expect(
      problemFromServer(new ApiError(400, 'E_VALIDATION', 'birthday must not be in the future')),
    ).toMatchObject({
      field: 'birthday',
      key: 'herd.rules.birthdayFuture',
    });
    expect(problemFromServer(new ApiError(500, 'E_INTERNAL', 'boom'))).toBeNull();
  });
});
