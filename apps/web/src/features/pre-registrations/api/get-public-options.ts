import type { PublicAssociation, PublicFederation } from '@origem/contract/schemas/pre-registrations';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { PRE_REGISTRATION_PATH, preRegistrationKeys } from './keys';

type Listed<T> = { data: T[] };
const anonymous = { anonymous: true } as const;

/** GET /v1/pre_registration/federation/all (public): every federation, for the sign-up form. */
export function usePublicFederations() {
  return useQuery({
    queryKey: preRegistrationKeys.options('federations'),
    queryFn: ({ signal }) =>
      http.get<Listed<PublicFederation>>(`${PRE_REGISTRATION_PATH}/federation/all`, { ...anonymous, signal }),
    select: (answer) => answer.data,
    staleTime: 5 * 60_000,
  });
}

/** GET /v1/pre_registration/trade_association/all?federation_id (public): the federation's associations. */
export function usePublicAssociations(federationId: number | null) {
  return useQuery({
    queryKey: preRegistrationKeys.options(`associations:${federationId}`),
    queryFn: ({ signal }) =>
      http.get<Listed<PublicAssociation>>(`${PRE_REGISTRATION_PATH}/trade_association/all`, {
        ...anonymous,
        signal,
        query: { federation_id: federationId },
      }),
    select: (answer) => answer.data,
    enabled: federationId !== null,
    staleTime: 5 * 60_000,
  });
}

/** GET /v1/pre_registration/profile_type/all (public): Exportador, Despachante. */
export function useProfileTypes() {
  return useQuery({
    queryKey: preRegistrationKeys.options('profiles'),
    queryFn: ({ signal }) =>
      http.get<Listed<{ id: string; name: string }>>(`${PRE_REGISTRATION_PATH}/profile_type/all`, {
        ...anonymous,
        signal,
      }),
    select: (answer) => answer.data,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
