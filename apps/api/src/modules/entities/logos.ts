import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client';
import { type FormWithFiles, readForm } from '../../files/form';
import { findOwnerFile } from '../../files/records';
import type { FileStorage } from '../../files/storage';
import { discardFiles, LOGO_POLICY } from '../../files/upload';
import { fieldError } from '../../lib/errors';

/** `stored_files.owner_type` of each entity's logo. */
export const LOGO_OWNER = {
  federation: 'federation',
  association: 'trade_association',
  confederation: 'confederation',
} as const;

/** Addresses of the logos: federation logos are public (header, printed documents); others need the token. */
export const federationLogoUrl = (id: number) => `/v1/federation/${id}/logo`;
export const associationLogoUrl = (id: number) => `/v1/trade_association/${id}/logo`;
/** The confederation's image is a signed-in download (SPEC §7). */
export const confederationImageUrl = (id: number) => `/v2/confederation/${id}/image`;

export type LogoColumns = {
  logo_id: number | null;
  logo_name: string | null;
  logo_mime: string | null;
  logo_size: number | null;
  logo_created_at: Date | null;
};

/**
 * The logo as the API shows it. `?v=` names the stored file, so a replaced logo gets a new address and no browser
 * keeps showing the old one.
 */
export function logoView(url: string, row: LogoColumns) {
  if (row.logo_id === null) return null;
  return {
    url: `${url}?v=${row.logo_id}`,
    name: row.logo_name ?? 'logo',
    mime_type: row.logo_mime ?? 'application/octet-stream',
    size: row.logo_size ?? 0,
    updated_at: (row.logo_created_at ?? new Date(0)).toISOString(),
  };
}

/** `page_federation_image_path` of GET /v1/user/detail: the federation's logo address when it has one. */
export async function federationLogoPath(db: Executor, federationId: number): Promise<string | null> {
  const file = await findOwnerFile(db, { type: LOGO_OWNER.federation, id: federationId });
  return file ? federationLogoUrl(federationId) : null;
}

export const LOGO_FIELD_TWICE = 'Envie uma única logo: o campo `file` (ou `logo`), não os dois.';

/**
 * The form of an entity save with its logo. SPEC §5 names the logo's multipart field `file`; `logo`, the name the
 * first web screens used, is read too. Either way the logo reaches the service as `files.logo`.
 */
export async function readLogoForm(request: FastifyRequest, storage: FileStorage): Promise<FormWithFiles> {
  const form = await readForm(request, storage, { file: LOGO_POLICY, logo: LOGO_POLICY });
  const { file, logo, ...others } = form.files;
  if (file && logo) {
    await discardFiles(storage, form.files);
    throw fieldError('file', LOGO_FIELD_TWICE);
  }
  const chosen = file ?? logo;
  return { fields: form.fields, files: chosen ? { ...others, logo: chosen } : others };
}
