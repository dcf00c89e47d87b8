import { idParam } from '@origem/contract/schemas/fields';
import type { FastifyRequest, FastifySchema } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../db/client';
import { readForm, withUploads } from '../files/form';
import type { FileStorage } from '../files/storage';
import type { ReceivedFile, UploadPolicy } from '../files/upload';
import { type Actor, requireActor, type ServiceContext } from './context';
import { formBody } from './form-doc';
import { parseInput } from './parse-input';
import type { RouteAccess, ZodApp } from './zod-app';

/** The files a form received, by field (only the fields its policies name). */
export type Uploads<F extends string> = Partial<Record<F, ReceivedFile>>;

/**
 * A form read for a save (files/form.ts: multipart streamed into storage under `policies`, or JSON), its fields
 * validated by `schema`, then `work`. A refusal before the files are attached removes them.
 */
export async function saveForm<S extends z.ZodType, F extends string, T>(
  request: FastifyRequest,
  storage: FileStorage,
  schema: S,
  policies: Record<F, UploadPolicy>,
  work: (input: z.output<S>, uploads: Uploads<F>) => Promise<T>,
): Promise<T> {
  const form = await readForm(request, storage, policies);
  return withUploads(storage, form, ({ fields, files }) =>
    work(parseInput(schema, fields), files as Uploads<F>),
  );
}

/** A service that writes files: the database, the storage, the context and the actor, then what the route read. */
export type FileService<A extends unknown[]> = (
  db: Database,
  files: FileStorage,
  ctx: ServiceContext,
  actor: Actor,
  ...input: A
) => Promise<unknown>;

/** A record kept from a form with files: what its create and update routes differ in. */
export type SaveRoutes<S extends z.ZodType, F extends string> = {
  path: string;
  config: RouteAccess;
  tags: string[];
  /** The form's fields. */
  input: S;
  /** The form's files: each one's upload policy and what the document says of it. */
  files: Record<F, { policy: UploadPolicy; description: string }>;
  /** What the document says of the form. */
  description: string;
  /** The record as both routes answer it. */
  detail: z.ZodType;
  errors: NonNullable<FastifySchema['response']>;
  create: { summary?: string; run: FileService<[input: z.output<S>, uploads: Uploads<F>]> };
  /** PUT, or POST where the spec has it. */
  update: {
    method: 'put' | 'post';
    summary?: string;
    run: FileService<[id: number, input: z.output<S>, uploads: Uploads<F>]>;
  };
};

/**
 * POST {path} (201) and {update.method} {path}/:id (200): a record saved from its form, multipart with its files
 * or JSON without them (lib/form-doc.ts documents both).
 */
export function saveRoutes<S extends z.ZodType, F extends string>(app: ZodApp, def: SaveRoutes<S, F>): void {
  const { tags, errors } = def;
  const entries = Object.entries(def.files) as [F, { policy: UploadPolicy; description: string }][];
  const policies = Object.fromEntries(entries.map(([name, file]) => [name, file.policy])) as Record<
    F,
    UploadPolicy
  >;
  const form = {
    description: def.description,
    ...formBody({
      fields: def.input,
      files: Object.fromEntries(entries.map(([name, file]) => [name, file.description])),
      json: true,
    }),
  };
  const save = <T>(request: FastifyRequest, work: (input: z.output<S>, uploads: Uploads<F>) => Promise<T>) =>
    saveForm(request, app.files, def.input, policies, work);

  app.post(
    def.path,
    {
      config: def.config,
      schema: { tags, summary: def.create.summary, ...form, response: { 201: def.detail, ...errors } },
    },
    async (request, reply) => {
      const created = await save(request, (input, uploads) =>
        def.create.run(app.db, app.files, request.ctx, requireActor(request.ctx), input, uploads),
      );
      return reply.status(201).send(created);
    },
  );

  app.route({
    method: def.update.method === 'put' ? 'PUT' : 'POST',
    url: `${def.path}/:id`,
    config: def.config,
    schema: {
      tags,
      summary: def.update.summary,
      ...form,
      params: idParam,
      response: { 200: def.detail, ...errors },
    },
    handler: async (request) =>
      save(request, (input, uploads) =>
        def.update.run(
          app.db,
          app.files,
          request.ctx,
          requireActor(request.ctx),
          request.params.id,
          input,
          uploads,
        ),
      ),
  });
}
