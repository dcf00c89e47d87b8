import { apiErrorSchema } from '@origem/contract/errors';
import { listOf } from '@origem/contract/paging';
import {
  associationByUserQuery,
  associationDetailSchema,
  associationOptionSchema,
  associationPageSchema,
  confederationPageSchema,
  confederationSchema,
  federationPageSchema,
  federationSchema,
  imageUploadSchema,
} from '@origem/contract/schemas/entities';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { readForm, withUploads } from '../../files/form';
import { LOGO_POLICY } from '../../files/upload';
import { requireActor } from '../../lib/context';
import { formBody } from '../../lib/form-doc';
import { associationsByUser } from './association-extras';
import { uploadImage } from './confederation-image';
import { kindRoutes } from './entity-routes';
import { associationEntities, confederationEntities, federationEntities } from './kinds';

const errors = {
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
};
const option = z.object({ id: z.number(), name: z.string(), abbreviation: z.string().nullable() });
const logoDoc = (fields: string) =>
  `multipart/form-data (ou JSON sem arquivo): ${fields} e, opcionalmente, o arquivo \`file\` (SPEC §5; \`logo\` também é aceito — PNG, JPEG ou SVG, até 2 MB); \`remove_logo=true\` remove a logo atual.`;

const confederationRoutes = kindRoutes({
  service: confederationEntities,
  path: '/v2/confederation',
  tags: ['Confederações'],
  page: confederationPageSchema,
  detail: confederationSchema,
  option,
  file: {
    name: 'image',
    config: { permission: 'entity.view' },
    summary: 'Baixa a imagem (logo) da confederação',
    disposition: 'attachment',
  },
  save: {
    style: 'json',
    updateDescription:
      'multipart/form-data (ou JSON): os campos da confederação; `confederation_image` com a referência devolvida pelo upload troca a imagem, `remove_image=true` a remove.',
  },
  extra: {
    after: 'file',
    register: (app) =>
      app.post(
        '/v2/confederation/image/upload',
        {
          config: { permission: 'entity.manage' },
          schema: {
            tags: ['Confederações'],
            ...formBody({ files: { file: 'Imagem (PNG, JPEG ou SVG, até 2 MB)' }, requiredFiles: ['file'] }),
            description:
              'multipart/form-data com um único arquivo no campo `file` (PNG, JPEG ou SVG, até 2 MB). A resposta traz `file`, a referência a enviar como `confederation_image` no cadastro ou na edição.',
            response: { 201: imageUploadSchema, ...errors },
          },
        },
        async (request, reply) => {
          const form = await readForm(request, app.files, { file: LOGO_POLICY });
          const uploaded = await withUploads(app.files, form, ({ files }) =>
            uploadImage(app.db, app.files, request.ctx, requireActor(request.ctx), files.file),
          );
          return reply.status(201).send(uploaded);
        },
      ),
  },
});

const federationRoutes = kindRoutes({
  service: federationEntities,
  path: '/v1/federation',
  tags: ['Federações'],
  // SPEC §7 lists GET /v1/federation with the certificate calls: whoever works with certificates (an exporter, a
  // dispatcher) reads its own federation there, read-only, without the entity screens of `entity.view`.
  read: { permission: ['entity.view', 'certificate.view'] },
  page: federationPageSchema,
  detail: federationSchema,
  option,
  // Branding: the header, printed documents and public pages show it without a session.
  file: {
    name: 'logo',
    config: { public: true },
    summary: 'Logo da federação (pública)',
    disposition: 'inline',
  },
  save: { style: 'logo-form', description: logoDoc('os campos da federação') },
});

const associationRoutes = kindRoutes({
  service: associationEntities,
  path: '/v1/trade_association',
  tags: ['Associações comerciais'],
  page: associationPageSchema,
  detail: associationDetailSchema,
  option: associationOptionSchema.omit({ ehid: true }),
  // Served only to users who may see the association (404 out of scope), like every owned file.
  file: {
    name: 'logo',
    config: { permission: ['entity.view', 'user.view'] },
    summary: 'Logo da associação comercial',
    disposition: 'inline',
  },
  save: {
    style: 'logo-form',
    description: logoDoc(
      'os campos da associação, `fees` (JSON: [{deal_id, member_fee, non_member_fee}], substitui a tabela inteira; ausente, a mantém)',
    ),
  },
  extra: {
    after: 'all',
    register: (app) =>
      app.get(
        '/v1/trade_association/by_user',
        {
          // The billing report by association lists them for the signed-in user.
          config: { permission: ['entity.view', 'report.billing'] },
          schema: {
            tags: ['Associações comerciais'],
            querystring: associationByUserQuery,
            response: { 200: listOf(associationOptionSchema), ...errors },
          },
        },
        async (request) => associationsByUser(app.db, requireActor(request.ctx), request.query),
      ),
  },
});

/** The entity hierarchy (DOMAIN.md §1): confederations (/v2), federations and trade associations (/v1). */
export async function entityRoutes(app: FastifyInstance): Promise<void> {
  await app.register(confederationRoutes);
  await app.register(federationRoutes);
  await app.register(associationRoutes);
}
