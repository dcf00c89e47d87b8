import type { OriginNorm, OriginRule } from '@origem/contract/schemas/deals';
import type { RecordEditKind } from '../../ui/record-edit-page';
import { useDeleteOriginNorm } from './api/delete-origin-norm';
import { useDeleteOriginRule } from './api/delete-origin-rule';
import { useOriginNorm } from './api/get-origin-norm';
import { useOriginRule } from './api/get-origin-rule';
import { NORMS_PATH, RULES_PATH } from './deal-paths';

/** Origin norms and origin rules as record kinds: what their edit screens and lists say and do alike. */

export const originNormKind: RecordEditKind<OriginNorm> = {
  back: { to: NORMS_PATH, label: 'Voltar para as normas' },
  subject: 'A norma de origem',
  what: 'a norma de origem',
  loading: 'Carregando norma de origem',
  permission: 'reference_data.manage',
  useRecord: useOriginNorm,
  useRemove: useDeleteOriginNorm,
  creating: {
    forbidden: 'Você não tem permissão para cadastrar normas de origem.',
    title: 'Nova norma de origem',
    hint: 'Informe o acordo, o nome e o texto legal da norma.',
  },
  header: (norm) => ({ title: norm.name, hint: `${norm.deal.abbreviation} — ${norm.deal.name}` }),
  confirmRemoval: (norm) => ({
    title: `Excluir a norma "${norm.name}"?`,
    content: `Ela deixa de ser oferecida nos certificados do acordo ${norm.deal.abbreviation}.`,
  }),
};

export const originRuleKind: RecordEditKind<OriginRule> = {
  back: { to: RULES_PATH, label: 'Voltar para as regras' },
  subject: 'A regra de origem',
  what: 'a regra de origem',
  loading: 'Carregando regra de origem',
  permission: 'origin_rule.manage',
  useRecord: useOriginRule,
  useRemove: useDeleteOriginRule,
  creating: {
    forbidden: 'Você não tem permissão para cadastrar regras de origem.',
    title: 'Nova regra de origem',
    hint: 'Informe o acordo, o código e a descrição do critério de origem.',
  },
  header: (rule) => ({ title: `Regra ${rule.code}`, hint: `${rule.deal.abbreviation} — ${rule.deal.name}` }),
  confirmRemoval: (rule) => ({
    title: `Excluir a regra ${rule.code} do acordo ${rule.deal.abbreviation}?`,
    content: 'Esta ação não pode ser desfeita.',
  }),
};
