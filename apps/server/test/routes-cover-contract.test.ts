import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@cowcare/contract/api';
import type { RouteDefinition } from '@cowcare/contract/route';
import { allRouteBindings } from '../src/app';
import { createTestApp, type TestApp } from './helpers/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe('route bindings', () => {
  it('serve every route of the contract exactly once', () => {
    const contractRoutes = Object.values(api).flatMap((area) => Object.values(area) as RouteDefinition[]);
    const bound = allRouteBindings(testApp.services).map((binding) => binding.route);
    expect(bound).toHaveLength(contractRoutes.length);
    expect(new Set(bound)).toEqual(new Set(contractRoutes));
  });
});
