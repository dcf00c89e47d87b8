import { Tag } from 'antd';

export type StatusTone = 'success' | 'processing' | 'warning' | 'error' | 'default';

/** Statuses used across the product (DOMAIN.md) with their Portuguese labels. */
const KNOWN: Record<string, { label: string; tone: StatusTone }> = {
  ATIVO: { label: 'Ativo', tone: 'success' },
  INATIVO: { label: 'Inativo', tone: 'default' },
  RASCUNHO: { label: 'Rascunho', tone: 'default' },
  ENVIADO: { label: 'Enviado', tone: 'processing' },
  EM_ANALISE: { label: 'Em análise', tone: 'processing' },
  PENDENTE: { label: 'Pendente', tone: 'warning' },
  APROVADO: { label: 'Aprovado', tone: 'success' },
  REPROVADO: { label: 'Reprovado', tone: 'error' },
  CANCELADO: { label: 'Cancelado', tone: 'error' },
  SUBSTITUIDO: { label: 'Substituído', tone: 'default' },
  ASSINADO: { label: 'Assinado', tone: 'success' },
};

function guessTone(status: string): StatusTone {
  const s = status.toUpperCase();
  if (/REPROV|CANCEL|RECUS|REJEIT|BLOQUE|EXCLU/.test(s)) return 'error';
  if (/PEND|AGUARD|SOLICIT/.test(s)) return 'warning';
  if (/ANALIS|ENVIAD|ANDAMENTO/.test(s)) return 'processing';
  if (/APROV|ATIV|ASSINAD|EMITID|CONCLU/.test(s)) return 'success';
  return 'default';
}

function humanize(status: string): string {
  const text = status.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export type StatusTagProps = {
  /** Status code as the API sends it (e.g. 'APROVADO', 'ATIVO'). */
  status: string | null | undefined;
  /** Labels for this screen's statuses (e.g. ROLE_STATUS from the contract); known ones need none. */
  labels?: Readonly<Record<string, string>>;
  /** Colour override for this screen's statuses. */
  tones?: Readonly<Record<string, StatusTone>>;
};

/** A status as a coloured tag with its Portuguese label. */
export function StatusTag({ status, labels, tones }: StatusTagProps) {
  if (!status) return null;
  const known = KNOWN[status.toUpperCase()];
  const label = labels?.[status] ?? known?.label ?? humanize(status);
  const tone = tones?.[status] ?? known?.tone ?? guessTone(status);
  return <Tag color={tone}>{label}</Tag>;
}
