import type { SelectOption } from '../../ui/remote-select';

/** A row of the hierarchy selects (/v1/federation/all, /v2/confederation/all, /v1/country/all…). */
export type EntityOption = { id: number; name: string; abbreviation?: string | null };

export function entityOption(entity: EntityOption): SelectOption {
  return {
    value: entity.id,
    label: entity.abbreviation ? `${entity.name} (${entity.abbreviation})` : entity.name,
  };
}
