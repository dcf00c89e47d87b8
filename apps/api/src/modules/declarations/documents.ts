import { declarationConsultPath } from '@origem/contract/schemas/declarations';
import type { Database } from '../../db/client';
import { declarationPdf } from '../../documents/pdf/declaration';
import type { StoredFile } from '../../files/records';
import type { FileStorage } from '../../files/storage';
import type { Actor, ServiceContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { associationLogo } from '../issuance/documents';
import { fileOfRecord } from '../issuance/service';
import { APPROVED } from './flow-subject';
import * as q from './queries';

const addressOf = (parts: (string | null | undefined)[]) => parts.filter(Boolean).join(', ');

/**
 * The declaration's PDF (`print`, or `print_preview` when `preview`): "SEM VALOR" on every preview and on any
 * declaration that is not APROVADA.
 */
export async function declarationDocument(
  db: Database,
  files: FileStorage,
  ctx: ServiceContext,
  actor: Actor | null,
  id: number,
  preview: boolean,
): Promise<Buffer> {
  const found = await q.findDeclaration(db, id, actor ? q.readScope(actor) : undefined);
  if (!found) throw notFound();
  const { row } = found;
  const [materials, members, logo] = await Promise.all([
    q.materialsOf(db, id),
    q.memberCountries(db, row.deal_id),
    associationLogo(db, files, row.trade_association_id),
  ]);
  const association = addressOf([
    [found.association_address, found.association_number].filter(Boolean).join(', '),
    [found.association_city, found.association_state].filter(Boolean).join(' - '),
  ]);
  const owner = found.owner;
  const company = found.company;
  return declarationPdf({
    id,
    status: row.status,
    association: { name: found.association_name, cnpj: found.association_cnpj, address: association },
    logo,
    owner: {
      name: owner.name,
      taxId: owner.cnpj ?? owner.cpf,
      address: addressOf([
        [owner.address, owner.number].filter(Boolean).join(', '),
        owner.neighborhood,
        [owner.city, owner.state].filter(Boolean).join(' - '),
        owner.postcode ? `CEP ${owner.postcode.replace(/^(\d{5})(\d{3})$/, '$1-$2')}` : null,
      ]),
      city: owner.city,
    },
    company: {
      name: company.corporate_name,
      cnpj: company.cnpj,
      address: addressOf([
        [company.address, company.number].filter(Boolean).join(', '),
        [company.city, company.state].filter(Boolean).join(' - '),
      ]),
    },
    product: {
      name: row.product_name,
      internalCode: row.internal_product_code,
      ncm: row.ncm,
      ncmDescription: found.ncm_description,
      nomenclatureCode: row.nomenclature_code,
      classificationType: found.deal.classification_type,
    },
    deal: { abbreviation: found.deal.abbreviation, name: found.deal.name },
    fobMin: row.fob_unit_value_min,
    fobMax: row.fob_unit_value_max,
    productionProcess: row.production_process,
    materials: materials.map((m) => ({
      position: m.position,
      ncm: m.ncm,
      description: m.description,
      country: m.country_name,
      cif: m.cif_value_usd,
      share: m.fob_share_percent,
      originating: members.has(m.origin_country_id),
    })),
    rule: { code: found.rule.code, description: found.rule.description },
    norm: { name: found.norm.name, legalText: found.norm.legal_text },
    representative: {
      name: found.representative.name,
      cpf: found.representative.cpf,
      jobPosition: found.representative.job_position,
    },
    approvedAt: row.approved_at,
    validUntil: row.valid_until,
    deliveryLocation: found.delivery_location_name,
    signedAt: row.signed_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    url: `${ctx.appUrl}${declarationConsultPath(id)}`,
    watermark: preview || row.status !== APPROVED,
  });
}

/** The manufacturer's signed declaration of a declaration the actor reads. */
export async function manufacturerDeclarationFile(
  db: Database,
  actor: Actor,
  id: number,
): Promise<StoredFile> {
  const found = await q.findDeclaration(db, id, q.readScope(actor));
  return fileOfRecord(db, found, q.declarationOwner(id), q.MANUFACTURER_DECLARATION_ROLE);
}
