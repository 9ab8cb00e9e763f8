import { describe, expect, expectTypeOf, it } from 'vitest';
import { api } from '../src/api';
import { fillPath, pathParamNames, type RouteBody, type RouteParams, type RouteData } from '../src/route';
import { buildOpenApiDocument } from '../src/openapi';

describe('route types', () => {
  it('derives params, body and data types from the schemas', () => {
    expectTypeOf<RouteParams<typeof api.user.setLanguage>>().toEqualTypeOf<{
      id: number;
      lang: 'ch' | 'ko' | 'en' | 'pty' | 'rb' | 'ru' | 'th' | 'idn' | 'vn';
    }>();
    expectTypeOf<RouteParams<typeof api.auth.login>>().toEqualTypeOf<Record<string, never>>();
    expectTypeOf<RouteBody<typeof api.auth.login>>().toEqualTypeOf<{ username: string; password: string }>();
    expectTypeOf<RouteBody<typeof api.system.health>>().toEqualTypeOf<undefined>();
    expectTypeOf<RouteData<typeof api.system.bossPasswordStatus>>().toEqualTypeOf<{ isSet: boolean }>();
  });
});

describe('fillPath', () => {
  it('fills and encodes path parameters', () => {
    expect(fillPath('user/user/setiotusercid/:id/:cid', { id: 7, cid: 'a b' })).toBe(
      'user/user/setiotusercid/7/a%20b',
    );
  });
  it('refuses a missing parameter', () => {
    expect(() => fillPath('user/user/setLg/:id/:lang', { id: 1 })).toThrow('Missing path parameter lang');
  });
  it('names the parameters in order, again on a second call', () => {
    const path = 'common/common/getNoticeData/:country/:FarmNumber/:phone';
    expect(pathParamNames(path)).toEqual(['country', 'FarmNumber', 'phone']);
    expect(pathParamNames(path)).toEqual(['country', 'FarmNumber', 'phone']);
    expect(pathParamNames('health')).toEqual([]);
  });
});

describe('OpenAPI document', () => {
  it('lists every route with OpenAPI path syntax and bearer security on user routes', () => {
    const document = buildOpenApiDocument('1.0.0') as {
      paths: Record<string, Record<string, { security?: unknown }>>;
    };
    const routeCount = Object.values(api).reduce((sum, area) => sum + Object.keys(area).length, 0);
    const operationCount = Object.values(document.paths).reduce(
      (sum, ops) => sum + Object.keys(ops).length,
      0,
    );
    expect(operationCount).toBe(routeCount);
    expect(document.paths['/api/user/user/setLg/{id}/{lang}']?.put?.security).toEqual([{ bearer: [] }]);
    expect(document.paths['/api/login/login/loginApp']?.post?.security).toBeUndefined();
  });
});
