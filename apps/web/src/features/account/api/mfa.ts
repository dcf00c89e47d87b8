import type { MfaSetup, MfaStatus, RecoveryCodes } from '@origem/contract/schemas/account';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../api/http';

export const accountKeys = {
  mfa: ['account', 'mfa'] as const,
  sessions: ['account', 'sessions'] as const,
  userSessions: (userId: number) => ['users', userId, 'sessions'] as const,
};

/** GET /v1/account/mfa: on or off, required by the role, recovery codes left. */
export function useMfaStatus() {
  return useQuery({ queryKey: accountKeys.mfa, queryFn: () => http.get<MfaStatus>('/v1/account/mfa') });
}

/** POST /v1/account/mfa/setup: a new secret to scan (the QR code) — the factor is on only once confirmed. */
export function startMfaSetup(): Promise<MfaSetup> {
  return http.post<MfaSetup>('/v1/account/mfa/setup', {}, { idempotent: false });
}

/** POST /v1/account/mfa/enable: confirms with a code; answers the ten recovery codes, shown once. */
export function enableMfa(code: string): Promise<RecoveryCodes> {
  return http.post<RecoveryCodes>('/v1/account/mfa/enable', { code }, { idempotent: false });
}

export function useDisableMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => http.post<void>('/v1/account/mfa/disable', { code }, { idempotent: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.mfa }),
  });
}

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      http.post<RecoveryCodes>('/v1/account/mfa/recovery-codes', { code }, { idempotent: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.mfa }),
  });
}

/** POST /v1/user/{id}/mfa/reset: an administrator removes a user's factor (its sessions end, it is mailed). */
export function useResetUserMfa(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http.post<void>(`/v1/user/${userId}/mfa/reset`, {}, { idempotent: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.userSessions(userId) }),
  });
}
