import { preRegistrationFlow } from '@origem/contract/flows';
import { PROFILE_TYPES, type ProfileType } from '@origem/contract/schemas/pre-registrations';
import { flowStateOptions } from '../../ui/flow-tag';

export const STATUS_OPTIONS = flowStateOptions(preRegistrationFlow);

export const profileLabel = (profile: string) => PROFILE_TYPES[profile as ProfileType] ?? profile;
