import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '@cowcare/contract/api';
import { allRouteBindings } from '../src/app';
import { createTestApp, type TestApp } from './helpers/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe('route bindings', () => {
  it('serve every route of the contract exactly once', () => {
    const bound = allRouteBindings(testApp.services).map((binding) => binding.route);
    expect(bound).toHaveLength(allRoutes.length);
    expect(new Set(bound)).toEqual(new Set(allRoutes));
  });
});
