import type { CloudPurpose } from '@origem/contract/schemas/cloud-signature';
import type { SignatureDocument } from '@origem/contract/schemas/signatures';
import type { Config } from '../../config';
import type { Database, Tx } from '../../db/client';
import type { CodTarget, SignedPart } from '../../documents/signing/xmldsig';
import { DECLARATION_PART } from '../../documents/xml/declaration';
import type { FileStorage } from '../../files/storage';
import type { Actor, ServiceContext } from '../../lib/context';
import {
  acceptHandedOut,
  type HandedOut,
  handOut,
  type SignatureStage,
  stageSigner,
  stageTarget,
} from '../certificates/signatures';
import { acceptDeclarationHandedOut, declarationHandOut } from '../declarations/signatures';

/**
 * What a cloud signature signs: a certificate's first or second signature or a declaration's. Each is the A3 path's
 * pair of calls — the document handed out (refused unless the signature is due from this user now) and the accept
 * step that verifies and stores it exactly as an A1 signature — with what the attempt and its refusals need.
 */

export type Purpose = CloudPurpose;

export type Accept = (
  db: Database,
  files: FileStorage,
  config: Config,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  handedOut: { xml: string; issuedAt: Date },
  signed: string,
  consume: (tx: Tx) => Promise<void>,
) => Promise<{ message: string | null }>;

export type CloudTarget = {
  /** The signing screens' `tipo`: where the user goes back to. */
  document: SignatureDocument;
  /** The audit type of the record (certificate, declaration). */
  auditType: 'certificate' | 'declaration';
  /** The part the signature covers. */
  part: CodTarget | SignedPart;
  /** How refusals name the signer. */
  who: string;
  /** What the holder reads in the provider's app next to the request. */
  alias: (id: number) => string;
  handOut: (db: Database, ctx: ServiceContext, actor: Actor, id: number, at: Date) => Promise<HandedOut>;
  accept: Accept;
};

function certificateTarget(stage: SignatureStage): CloudTarget {
  return {
    document: 'certificado',
    auditType: 'certificate',
    part: stageTarget(stage),
    who: stageSigner(stage),
    alias: (id) =>
      `Certificado de origem nº ${id}: ${stage === 'first' ? 'assinatura do exportador' : 'assinatura da entidade'}`,
    handOut: (db, ctx, actor, id) => handOut(db, ctx, actor, id, stage),
    accept: (db, _files, config, ctx, actor, id, handedOut, signed, consume) =>
      acceptHandedOut(db, config, ctx, actor, id, stage, 'cloud', handedOut.xml, signed, consume),
  };
}

export const TARGETS: Record<Purpose, CloudTarget> = {
  certificate_first: certificateTarget('first'),
  certificate_second: certificateTarget('second'),
  declaration: {
    document: 'declaracao',
    auditType: 'declaration',
    part: DECLARATION_PART,
    who: DECLARATION_PART.who,
    alias: (id) => `Declaração de origem nº ${id}`,
    handOut: (db, _ctx, actor, id, at) => declarationHandOut(db, actor, id, at),
    accept: (db, files, config, ctx, actor, id, handedOut, signed, consume) =>
      acceptDeclarationHandedOut(db, files, config, ctx, actor, id, 'cloud', handedOut, signed, consume),
  },
};
