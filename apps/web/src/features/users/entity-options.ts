import type { SelectOption } from '../../ui/remote-select';

/** A row of the hierarchy selects (/v1/trade_association/all, /v1/federation/all, /v2/confederation/all). */
export type EntityOption = { id: number; name: string; abbreviation: string | null };

/** 'Associação Comercial de Santos (ACS)': the abbreviation helps tell similar names apart. */
export function entityOption(entity: EntityOption): SelectOption {
  return {
    value: entity.id,
    label: entity.abbreviation ? `${entity.name} (${entity.abbreviation})` : entity.name,
  };
}
