import type { IncomingMessage, ServerResponse } from 'node:http';
import { apiErrorSchema } from '@origem/contract/errors';
import { listOf } from '@origem/contract/paging';
import { entityListQuery } from '@origem/contract/schemas/entities';
import { idParam } from '@origem/contract/schemas/fields';
import type { FastifyBaseLogger, FastifyContextConfig, FastifyInstance, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readForm, withUploads } from '../../files/form';
import { requireActor } from '../../lib/context';
import { formBody } from '../../lib/form-doc';
import { parseInput } from '../../lib/parse-input';
import type { EntityService } from './entity-service';
import { sendImage } from './http';
import { readLogoForm } from './logos';

type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse<IncomingMessage>,
  FastifyBaseLogger,
  ZodTypeProvider
>;
type Access = Pick<FastifyContextConfig, 'permission' | 'public'>;

const errors = {
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
};
const view = { permission: 'entity.view' } as const;
const manage = { permission: 'entity.manage' } as const;

/** The routes of one entity kind: what differs between the kinds is said here as data. */
export type EntityRoutes = {
  service: EntityService;
  path: string;
  tags: string[];
  /** The list and the detail (`entity.view` unless said). */
  read?: Access;
  page: z.ZodType;
  detail: z.ZodType;
  option: z.ZodType;
  file: {
    /** `logo` or `image`, after the record's path. */
    name: string;
    config: Access;
    summary: string;
    disposition: 'inline' | 'attachment';
  };
  /**
   * `logo-form`: create and update are multipart forms carrying the logo (POST both); `json`: the create is a JSON
   * body, the update (PUT) a form of fields only, the image referenced from an upload made ahead.
   */
  save: { style: 'logo-form'; description: string } | { style: 'json'; updateDescription: string };
  /** Routes of this kind alone, registered after `/all` or after the file's route (the OpenAPI order). */
  extra?: { after: 'all' | 'file'; register: (app: App) => void };
};

export function kindRoutes(def: EntityRoutes) {
  const { service, path, tags, file, save } = def;
  const read = def.read ?? view;
  const input = service.kind.input;
  const parse = (fields: unknown) => parseInput(input, fields);
  // SPEC §5 names the logo's part `file`; `logo` is read too (logos.ts).
  const logoForm = formBody({
    fields: input,
    files: { file: 'Logo (PNG, JPEG ou SVG, até 2 MB)', logo: 'O mesmo arquivo, pelo nome antigo do campo' },
    json: true,
  });

  return async (fastify: FastifyInstance): Promise<void> => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      path,
      { config: read, schema: { tags, querystring: entityListQuery, response: { 200: def.page } } },
      async (request) => service.list(app.db, requireActor(request.ctx), request.query),
    );
    app.get(
      `${path}/all`,
      // The selects of the user form need them too.
      {
        config: { permission: ['entity.view', 'user.view'] },
        schema: { tags, response: { 200: listOf(def.option) } },
      },
      async (request) => service.all(app.db, requireActor(request.ctx)),
    );
    if (def.extra?.after === 'all') def.extra.register(app);
    app.get(
      `${path}/:id`,
      { config: read, schema: { tags, params: idParam, response: { 200: def.detail, ...errors } } },
      async (request) => service.get(app.db, requireActor(request.ctx), request.params.id),
    );
    app.get(
      `${path}/:id/${file.name}`,
      { config: file.config, schema: { tags, params: idParam, summary: file.summary } },
      async (request, reply) =>
        sendImage(
          request,
          reply,
          app.files,
          await service.logo(app.db, request.ctx.actor ?? null, request.params.id),
          file.disposition,
        ),
    );
    if (def.extra?.after === 'file') def.extra.register(app);

    if (save.style === 'logo-form') {
      app.post(
        path,
        {
          config: manage,
          schema: {
            tags,
            description: save.description,
            ...logoForm,
            response: { 201: def.detail, ...errors },
          },
        },
        async (request, reply) => {
          const form = await readLogoForm(request, app.files);
          const created = await withUploads(app.files, form, ({ fields, files }) =>
            service.create(
              app.db,
              app.files,
              request.ctx,
              requireActor(request.ctx),
              parse(fields),
              files.logo,
            ),
          );
          return reply.status(201).send(created);
        },
      );
      app.post(
        `${path}/:id`,
        {
          config: manage,
          schema: {
            tags,
            description: save.description,
            ...logoForm,
            params: idParam,
            response: { 200: def.detail, ...errors },
          },
        },
        async (request) => {
          const form = await readLogoForm(request, app.files);
          return withUploads(app.files, form, ({ fields, files }) =>
            service.update(
              app.db,
              app.files,
              request.ctx,
              requireActor(request.ctx),
              request.params.id,
              parse(fields),
              files.logo,
            ),
          );
        },
      );
    } else {
      app.post(
        path,
        { config: manage, schema: { tags, body: input, response: { 201: def.detail, ...errors } } },
        async (request, reply) => {
          const created = await service.create(
            app.db,
            app.files,
            request.ctx,
            requireActor(request.ctx),
            request.body,
          );
          return reply.status(201).send(created);
        },
      );
      app.put(
        `${path}/:id`,
        {
          config: manage,
          schema: {
            tags,
            description: save.updateDescription,
            ...formBody({ fields: input, files: {}, json: true }),
            params: idParam,
            response: { 200: def.detail, ...errors },
          },
        },
        async (request) => {
          const form = await readForm(request, app.files, {});
          return service.update(
            app.db,
            app.files,
            request.ctx,
            requireActor(request.ctx),
            request.params.id,
            parse(form.fields),
          );
        },
      );
    }
    app.delete(
      `${path}/:id`,
      {
        config: manage,
        schema: { tags, params: idParam, response: { 200: z.object({ message: z.string() }), ...errors } },
      },
      async (request) =>
        service.remove(app.db, app.files, request.ctx, requireActor(request.ctx), request.params.id),
    );
  };
}
