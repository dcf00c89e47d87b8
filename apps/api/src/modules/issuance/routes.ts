import { apiErrorSchema } from '@origem/contract/errors';
import { TIMESTAMP_REPLY_MIME } from '@origem/contract/schemas/document-verification';
import { idParam } from '@origem/contract/schemas/fields';
import type { FastifyReply, FastifySchema } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { type Printed, sendPrinted } from '../../documents/pdf/send';
import { type StoredFile, sendStoredFile } from '../../files/records';
import type { FileStorage } from '../../files/storage';
import { type Actor, requireActor, type ServiceContext } from '../../lib/context';
import { formBody } from '../../lib/form-doc';
import type { FileService } from '../../lib/save-form';
import type { RouteAccess, ZodApp } from '../../lib/zod-app';
import type { A1Upload } from './a1-upload';
import { a1UploadForm, readA1Upload } from './a1-upload';

/** What a declaration's or a certificate's route may answer besides its success. */
export const issuanceErrors = {
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
};
const fileErrors = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** A flow service's call: the record `id`, acted on by `actor`, with the action's own input after it. */
type Act<A extends unknown[] = []> = (
  db: Database,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  ...input: A
) => Promise<unknown>;

/** Everything a document service may need, for the routes whose services take it in their own order. */
export type DocumentCall = {
  db: Database;
  files: FileStorage;
  config: Config;
  ctx: ServiceContext;
  actor: Actor;
  id: number;
};

/** An issued document's routes: where they live and what an action answers (`{ message, <record> }`). */
export type IssuedDocument = { base: string; tags: string[]; view: RouteAccess; action: z.ZodType };

/**
 * The routes declarations and certificates both have (SPEC §7), one builder each for what differs only in paths,
 * texts and services. Each registers at once, so a route file keeps its order (the OpenAPI document's).
 */
export function issuanceRoutes(app: ZodApp, doc: IssuedDocument) {
  const { base, tags } = doc;
  const answered = { 200: doc.action, ...issuanceErrors };
  const call = (request: { ctx: ServiceContext; params: { id: number } }): DocumentCall => ({
    db: app.db,
    files: app.files,
    config: app.config,
    ctx: request.ctx,
    actor: requireActor(request.ctx),
    id: request.params.id,
  });

  return {
    /** POST {base}/{path}/:id: a flow action that needs nothing but the record. */
    action(path: string, config: RouteAccess, summary: string, run: Act) {
      app.post(
        `${base}/${path}/:id`,
        { config, schema: { tags, summary, params: idParam, response: answered } },
        async (request) => run(app.db, request.ctx, requireActor(request.ctx), request.params.id),
      );
    },

    /** POST {base}/{path}/:id with `{ reason }`: the reason goes to the history. */
    reasonAction(
      path: string,
      config: RouteAccess,
      summary: string,
      body: z.ZodType<{ reason: string }>,
      run: Act<[reason: string]>,
    ) {
      app.post(
        `${base}/${path}/:id`,
        { config, schema: { tags, summary, params: idParam, body, response: answered } },
        async (request) =>
          run(app.db, request.ctx, requireActor(request.ctx), request.params.id, request.body.reason),
      );
    },

    /** GET {base}/send_analyzing/:id: `type_analysis=analise` takes the record for the analyst, `consulta` reads it. */
    sendAnalyzing<T>(
      config: RouteAccess,
      summary: string,
      querystring: z.ZodType<{ type_analysis: T }>,
      run: Act<[type: T]>,
    ) {
      app.get(
        `${base}/send_analyzing/:id`,
        { config, schema: { tags, summary, params: idParam, querystring, response: answered } },
        async (request) =>
          run(app.db, request.ctx, requireActor(request.ctx), request.params.id, request.query.type_analysis),
      );
    },

    /** POST {base}/clone/:id: a new draft copied from the record, answered with 201. */
    clone(config: RouteAccess, summary: string, run: Act) {
      app.post(
        `${base}/clone/:id`,
        {
          config,
          schema: { tags, summary, params: idParam, response: { 201: doc.action, ...issuanceErrors } },
        },
        async (request, reply) => {
          const cloned = await run(app.db, request.ctx, requireActor(request.ctx), request.params.id);
          return reply.status(201).send(cloned);
        },
      );
    },

    /** DELETE {base}/:id: an editable record removed with its files. */
    remove(
      config: RouteAccess,
      summary: string,
      response: NonNullable<FastifySchema['response']>,
      run: FileService<[id: number]>,
    ) {
      app.delete(
        `${base}/:id`,
        { config, schema: { tags, summary, params: idParam, response } },
        async (request) => run(app.db, app.files, request.ctx, requireActor(request.ctx), request.params.id),
      );
    },

    /** GET {base}/{path}/:id: a stored file of a record the actor reads, under its download name. */
    file(
      path: string,
      summary: string,
      find: (db: Database, actor: Actor, id: number) => Promise<StoredFile>,
      name: string | ((id: number) => string),
    ) {
      app.get(
        `${base}/${path}/:id`,
        { config: doc.view, schema: { tags, params: idParam, summary, response: fileErrors } },
        async (request, reply) => {
          const { id } = request.params;
          const file = await find(app.db, requireActor(request.ctx), id);
          return sendStoredFile(reply, app.files, file, typeof name === 'string' ? name : name(id));
        },
      );
    },

    /**
     * GET {base}/xml/timestamp/:id: the RFC 3161 timestamp reply of the record's evidence (issue 37), dating the
     * exact bytes xml/download serves; DER, `application/timestamp-reply` (`openssl ts -verify -in … -data …`).
     */
    timestampReply(
      summary: string,
      find: (db: Database, actor: Actor, id: number) => Promise<Buffer>,
      name: (id: number) => string,
    ) {
      app.get(
        `${base}/xml/timestamp/:id`,
        { config: doc.view, schema: { tags, params: idParam, summary, response: fileErrors } },
        async (request, reply) => {
          const { id } = request.params;
          const der = await find(app.db, requireActor(request.ctx), id);
          return (reply as FastifyReply)
            .header('content-type', TIMESTAMP_REPLY_MIME)
            .header('content-disposition', `attachment; filename="${name(id)}"`)
            .header('cache-control', 'no-store')
            .send(der);
        },
      );
    },

    /** GET {base}/print-signed/:id: the record's PDF with the entity's PAdES seal (stored or made now). */
    signedPdf(
      summary: string,
      response: NonNullable<FastifySchema['response']>,
      seal: (
        db: Database,
        files: FileStorage,
        config: Config,
        ctx: ServiceContext,
        actor: Actor,
        id: number,
      ) => Promise<Printed>,
      name: (id: number) => string | Promise<string>,
    ) {
      app.get(
        `${base}/print-signed/:id`,
        { config: doc.view, schema: { tags, params: idParam, summary, response } },
        async (request, reply) => {
          const { db, files, config, ctx, actor, id } = call(request);
          const printed = await seal(db, files, config, ctx, actor, id);
          return sendPrinted(request, reply, files, printed, await name(id));
        },
      );
    },

    /**
     * POST {base}/{path}/:id: an A1 signature, the PKCS#12 and its password read into memory only
     * (a1-upload.ts).
     */
    a1Signature(
      path: string,
      config: RouteAccess,
      summary: string,
      description: string,
      sign: (call: DocumentCall, upload: A1Upload) => Promise<unknown>,
    ) {
      app.post(
        `${base}/${path}/:id`,
        {
          config,
          schema: {
            tags,
            params: idParam,
            ...formBody(a1UploadForm),
            summary,
            description,
            response: answered,
          },
        },
        async (request) => sign(call(request), await readA1Upload(request)),
      );
    },
  };
}
