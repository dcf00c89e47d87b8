import {
  PRE_REGISTRATION_STATUSES,
  PROFILE_TYPES,
  type ProfileType,
} from '@origem/contract/schemas/pre-registrations';
import type { StatusTone } from '../../ui/status-tag';

export const STATUS_TONES: Record<string, StatusTone> = {
  ENVIADO: 'processing',
  PENDENTE: 'warning',
  APROVADO: 'success',
  REPROVADO: 'error',
};

export const STATUS_OPTIONS = Object.entries(PRE_REGISTRATION_STATUSES).map(([value, label]) => ({
  value,
  label,
}));

export const profileLabel = (profile: string) => PROFILE_TYPES[profile as ProfileType] ?? profile;
