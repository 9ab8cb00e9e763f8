import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@cowcare/contract/api';
import type { RouteParams } from '@cowcare/contract/route';
import { call } from '../../../lib/api-client';

export type AgreementParams = RouteParams<typeof api.auth.agreement>;
export type AgreementKind = AgreementParams['kind'];

export const getAgreement = (params: AgreementParams, signal?: AbortSignal) =>
  call(api.auth.agreement, { params, signal });

export const agreementQueryOptions = (params: AgreementParams) =>
  queryOptions({
    queryKey: ['agreement', params.kind, params.lang],
    queryFn: ({ signal }) => getAgreement(params, signal),
    staleTime: 60 * 60 * 1000,
  });

export const useAgreement = (params: AgreementParams) => useQuery(agreementQueryOptions(params));
