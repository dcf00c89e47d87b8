import type { PageQuery } from '@origem/contract/paging';
import {
  COMPANY_TYPE,
  type CompanyInput,
  type CompanySearchQuery,
  companyInputSchema,
  companyMessages,
} from '@origem/contract/schemas/companies';
import type { Database, Executor, Tx } from '../../db/client';
import { applyFileChoice, FileChanges, findOwnerFile } from '../../files/records';
import type { FileStorage } from '../../files/storage';
import type { ReceivedFile } from '../../files/upload';
import { changedValues, recordAudit } from '../../lib/audit';
import type { Actor, ServiceContext } from '../../lib/context';
import { conflict, fieldError, forbidden, isForeignKeyViolation, notFound } from '../../lib/errors';
import { parseInput } from '../../lib/parse-input';
import { findParentInScope, requireParentInScope } from '../../lib/scope';
import * as q from './queries';

const AUDIT_TYPE = 'company';
const contractOwner = (id: number) => ({ type: q.SOCIAL_CONTRACT_OWNER, id });

/** GET /v1/company?page: the reachable companies, corporate name ascending. */
export async function listCompanies(db: Database, actor: Actor, query: PageQuery) {
  return q.pageCompanies(db, actor, query);
}

/** GET /v2/company: the same with the filters and the order of /empresas. */
export async function searchCompanies(db: Database, actor: Actor, query: CompanySearchQuery) {
  return q.pageCompanies(db, actor, query);
}

/** GET /v2/company/type/{type}: every reachable company of one type, for selects. */
export async function companiesOfType(db: Database, actor: Actor, type: number) {
  return { data: await q.companyOptions(db, actor, q.ofType(type)) };
}

/**
 * GET /v1/company/{importer|intervenor}/deal_country/{id}: the reachable companies of that type located in one of
 * the deal's partner countries (who can be named on a certificate under it).
 */
export async function companiesForDeal(
  db: Database,
  actor: Actor,
  kind: 'importer' | 'intervenor',
  dealId: number,
) {
  if (!(await q.dealExists(db, dealId))) throw notFound();
  const type = kind === 'importer' ? COMPANY_TYPE.importer : COMPANY_TYPE.intervenor;
  return { data: await q.companyOptions(db, actor, q.ofType(type), q.inDealCountries(dealId)) };
}

export async function getCompany(db: Executor, actor: Actor, id: number) {
  const company = await q.findCompany(db, actor, id);
  if (!company) throw notFound();
  return company;
}

/** The social contract of a reachable company (404 when out of scope or when there is none). */
export async function socialContract(db: Database, actor: Actor, id: number) {
  await getCompany(db, actor, id);
  const file = await findOwnerFile(db, contractOwner(id));
  if (!file) throw notFound();
  return file;
}

/** Validates the form: the country decides between CNPJ (Brazil) and a foreign tax id. */
async function parseCompany(db: Executor, raw: Record<string, unknown>): Promise<CompanyInput> {
  const input = parseInput(companyInputSchema(await q.brazilId(db)), raw);
  if (!(await q.countryExists(db, input.country_id)))
    throw fieldError('country_id', companyMessages.countryInvalid);
  return input;
}

type Owner = Pick<q.CompanyValues, 'exporter_id' | 'dispatcher_id' | 'trade_association_id'>;
type CompanyRow = NonNullable<Awaited<ReturnType<typeof q.lockCompany>>>;

/**
 * Whose book the company is in. An exporter's user files it in its own exporter, a dispatcher's user in its own
 * dispatcher (or in a linked exporter's, when it names one); staff choose the exporter (within their scope) and the association always comes from the owner.
 * On an edit by the owner itself nothing moves.
 */
async function ownerOf(tx: Tx, actor: Actor, input: CompanyInput, current?: CompanyRow): Promise<Owner> {
  if (actor.roleType === 'exportador' || actor.roleType === 'despachante') {
    if (current) {
      return {
        exporter_id: current.exporter_id,
        dispatcher_id: current.dispatcher_id,
        trade_association_id: current.trade_association_id,
      };
    }
    if (actor.roleType === 'exportador') {
      const exporter = actor.exporterId
        ? await findParentInScope(tx, actor, 'exporter', actor.exporterId)
        : null;
      if (!exporter) throw forbidden(companyMessages.ownerMissing);
      return {
        exporter_id: exporter.id,
        dispatcher_id: null,
        trade_association_id: exporter.tradeAssociationId,
      };
    }
    // A dispatcher may file it in the book of an exporter it has an approved link with (lib/scope.ts).
    if (input.exporter_id) {
      const exporter = await requireParentInScope(
        tx,
        actor,
        'exporter',
        input.exporter_id,
        'exporter_id',
        companyMessages.exporterInvalid,
      );
      return {
        exporter_id: exporter.id,
        dispatcher_id: null,
        trade_association_id: exporter.tradeAssociationId,
      };
    }
    const dispatcher = actor.dispatcherId
      ? await findParentInScope(tx, actor, 'dispatcher', actor.dispatcherId)
      : null;
    if (!dispatcher) throw forbidden(companyMessages.ownerMissing);
    return {
      exporter_id: null,
      dispatcher_id: dispatcher.id,
      trade_association_id: dispatcher.tradeAssociationId,
    };
  }
  if (input.exporter_id) {
    if (current && input.exporter_id === current.exporter_id) {
      return {
        exporter_id: current.exporter_id,
        dispatcher_id: current.dispatcher_id,
        trade_association_id: current.trade_association_id,
      };
    }
    const exporter = await requireParentInScope(
      tx,
      actor,
      'exporter',
      input.exporter_id,
      'exporter_id',
      companyMessages.exporterInvalid,
    );
    return {
      exporter_id: exporter.id,
      dispatcher_id: current?.dispatcher_id ?? null,
      trade_association_id: exporter.tradeAssociationId,
    };
  }
  // A company kept by a dispatcher has no exporter: staff may edit it as it is.
  if (current && current.exporter_id === null && current.dispatcher_id !== null) {
    return {
      exporter_id: null,
      dispatcher_id: current.dispatcher_id,
      trade_association_id: current.trade_association_id,
    };
  }
  throw fieldError('exporter_id', companyMessages.exporterRequired);
}

function valuesOf(input: CompanyInput, owner: Owner): q.CompanyValues {
  return {
    ...owner,
    company_type_id: input.company_type_id,
    corporate_name: input.corporate_name,
    trade_name: input.trade_name,
    cnpj: input.cnpj,
    foreign_tax_id: input.foreign_tax_id,
    country_id: input.country_id,
    email: input.email,
    phone: input.phone,
    postcode: input.postcode,
    address: input.address,
    number: input.number,
    complement: input.complement,
    neighborhood: input.neighborhood,
    city: input.city,
    state: input.state,
  };
}

export async function createCompany(
  db: Database,
  files: FileStorage,
  ctx: ServiceContext,
  actor: Actor,
  raw: Record<string, unknown>,
  file: ReceivedFile | undefined,
) {
  const input = await parseCompany(db, raw);
  const id = await new FileChanges(files).run((changes) =>
    db.transaction(async (tx) => {
      const values = valuesOf(input, await ownerOf(tx, actor, input));
      const created = await q.insertCompany(tx, values);
      const stored = file ? await changes.attach(tx, file, contractOwner(created), actor.id) : null;
      await recordAudit(tx, ctx, {
        event: 'created',
        type: AUDIT_TYPE,
        id: created,
        new: { ...values, social_contract: stored?.original_name ?? null },
      });
      return created;
    }),
  );
  return getCompany(db, actor, id);
}

/** Multipart edit: a new `social_contract` replaces the old one (its blob goes after commit), `remove_…` drops it. */
export async function updateCompany(
  db: Database,
  files: FileStorage,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  raw: Record<string, unknown>,
  file: ReceivedFile | undefined,
) {
  // Out of scope answers 404 before the form is even judged.
  await getCompany(db, actor, id);
  const input = await parseCompany(db, raw);
  await new FileChanges(files).run((changes) =>
    db.transaction(async (tx) => {
      if (!(await q.findCompany(tx, actor, id))) throw notFound();
      const before = await q.lockCompany(tx, id);
      if (!before) throw notFound();
      const values = valuesOf(input, await ownerOf(tx, actor, input, before));
      await q.updateCompany(tx, id, values);

      const contract = await applyFileChoice(tx, changes, contractOwner(id), actor.id, {
        file,
        remove: input.remove_social_contract,
      });
      const diff = changedValues(
        { ...before, social_contract: contract.before },
        { ...values, social_contract: contract.after },
      );
      await recordAudit(tx, ctx, { event: 'updated', type: AUDIT_TYPE, id, old: diff.old, new: diff.new });
    }),
  );
  return getCompany(db, actor, id);
}

/** Deletes for real, with its social contract; refused (409, nothing changed) while a document names it. */
export async function deleteCompany(
  db: Database,
  files: FileStorage,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
) {
  try {
    await new FileChanges(files).run((changes) =>
      db.transaction(async (tx) => {
        if (!(await q.findCompany(tx, actor, id))) throw notFound();
        const before = await q.lockCompany(tx, id);
        if (!before) throw notFound();
        const current = await findOwnerFile(tx, contractOwner(id));
        await changes.detachAll(tx, contractOwner(id));
        await q.deleteCompany(tx, id);
        await recordAudit(tx, ctx, {
          event: 'deleted',
          type: AUDIT_TYPE,
          id,
          old: { ...before, social_contract: current?.original_name ?? null },
        });
      }),
    );
  } catch (err) {
    // Certificates (and whatever else comes to cite companies) hold foreign keys to it.
    if (isForeignKeyViolation(err)) throw conflict(companyMessages.inUse);
    throw err;
  }
  return { message: companyMessages.deleted };
}
