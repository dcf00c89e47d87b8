import type { Session } from '@origem/contract/schemas/account';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';
import { accountKeys } from './mfa';

/** Whose sessions a table shows: the signed-in user's own, or (an administrator) another user's. */
export type SessionOwner = { kind: 'self' } | { kind: 'user'; userId: number };

const base = (owner: SessionOwner) =>
  owner.kind === 'self' ? '/v1/account/sessions' : `/v1/user/${owner.userId}/sessions`;
const keyOf = (owner: SessionOwner) =>
  owner.kind === 'self' ? accountKeys.sessions : accountKeys.userSessions(owner.userId);

export function useSessions(owner: SessionOwner) {
  return useQuery({
    queryKey: keyOf(owner),
    queryFn: async () => (await http.get<{ data: Session[] }>(base(owner))).data,
  });
}

export function useEndSession(owner: SessionOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: number) => http.delete<void>(`${base(owner)}/${sessionId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keyOf(owner) }),
  });
}

/** DELETE /v1/account/sessions: every session of the user but this one. */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http.delete<void>('/v1/account/sessions'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}
