import type { DescriptionsProps } from 'antd';
import type { ReactNode } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import type { EntityApi } from './api/entity-api';
import type { EntityField } from './entity-fields';
import type { canCreateOrDelete } from './entity-rules';

export type EntityRecord = { id: number; name: string };

/**
 * What one kind of entity (confederation, federation, association) gives the shared edit screen: its texts,
 * server, form fields and read-only view. `R` is the record, `In`/`Out` the form's values before and after its
 * schema, `E` what the form needs besides the record (the association's deals).
 */
export type EntityPageKind<R extends EntityRecord, In extends FieldValues, Out, E> = {
  /** Who may create or delete it (entity-rules.ts). */
  creators: Parameters<typeof canCreateOrDelete>[1];
  api: EntityApi;
  listPath: string;
  texts: {
    /** The create screen's title: 'Nova federação'. */
    newTitle: string;
    newHint: string;
    /** The form's accessible name and the read-only view's heading: 'Dados da federação'. */
    heading: string;
    /** The record's noun with its article, in the deletion question and a load failure: 'a federação'. */
    noun: string;
    /** What the deletion question adds. */
    deletionNote: string;
    created: string;
    updated: string;
    loading: string;
    /** The create screen, for who may not create. */
    forbidden: string;
    back: string;
  };
  /** The line under a saved record's name. */
  hint: (record: R) => string | undefined;
  schema: z.ZodType<Out, In>;
  defaults: (record: R | undefined, extras: E) => DefaultValues<In>;
  /** The save's request body, and whether a logo file travels in it (SPEC §8 logo failure). */
  body: (values: Out, editing: boolean) => { body: FormData | object; withLogo: boolean };
  /** Loaded with the record; the form waits for it. */
  useExtras: () => { isPending: boolean; data: E };
  /** The grid above the address. */
  fields: EntityField<R>[];
  /** Below the address, if any: a grid, or fields on lines of their own (entity-fields.tsx). */
  addressFields?: EntityField<R>[];
  logo: EntityField<R>;
  /** Sections after the logo (the association's fee table). */
  sections?: (extras: E) => ReactNode;
  /** The read-only view, for who may see the record but not change it. */
  details: (record: R) => DescriptionsProps['items'];
  detailsExtra?: (record: R) => ReactNode;
};

const NO_EXTRAS = { isPending: false, data: undefined };

/** `useExtras` of the kinds whose form needs only the record. */
export function useNoExtras(): { isPending: boolean; data: undefined } {
  return NO_EXTRAS;
}
