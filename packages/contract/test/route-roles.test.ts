import { describe, expect, it } from 'vitest';
import { allRoutes } from '../src/api';
import { ROUTE_ROLES, routeRoleKey } from '../src/route-roles';

const userRoutes = allRoutes.filter((route) => route.access === 'user');

describe('the classification of farm calls by role', () => {
  it('names every call that takes a user token, and nothing else', () => {
    expect(Object.keys(ROUTE_ROLES).sort()).toEqual(userRoutes.map(routeRoleKey).sort());
  });

  it('agrees with each route’s ownerOnly flag, which the server enforces', () => {
    const flagged = userRoutes.filter((route) => route.ownerOnly === true).map(routeRoleKey);
    const listed = Object.entries(ROUTE_ROLES)
      .filter(([, role]) => role === 'owner')
      .map(([key]) => key);
    expect(flagged.sort()).toEqual(listed.sort());
  });

  it('flags no public or support call: those take no farm user’s token', () => {
    expect(allRoutes.filter((route) => route.access !== 'user' && route.ownerOnly)).toEqual([]);
  });
});
