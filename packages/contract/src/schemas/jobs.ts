import { z } from 'zod';
import { pageQuery, paginated } from '../paging';

/** Background tasks (ADR 004) as the administrator sees them: what failed, why, and a way to try again. */

export const JOB_STATUSES = {
  PENDENTE: { label: 'Pendente', color: 'blue' },
  EXECUTANDO: { label: 'Executando', color: 'geekblue' },
  CONCLUIDO: { label: 'Concluída', color: 'green' },
  FALHOU: { label: 'Falhou', color: 'red' },
} as const;
export type JobStatus = keyof typeof JOB_STATUSES;
const STATUS_CODES = Object.keys(JOB_STATUSES) as [JobStatus, ...JobStatus[]];

/** Kinds the product runs, with their Portuguese names. */
export const JOB_KINDS: Record<string, string> = {
  mail: 'Envio de e-mail',
  maintenance: 'Limpeza periódica',
  file_sweep: 'Remoção de arquivos órfãos',
  declaration_expiry: 'Vencimento de declarações',
  document: 'Geração de documento',
  webhook_delivery: 'Entrega de webhook',
  certificate_import_validate: 'Validação de importação de certificados',
  certificate_import_create: 'Criação de rascunhos importados',
};

export const jobListQuery = pageQuery.extend({
  status: z.enum(STATUS_CODES).optional().catch(undefined),
  kind: z.string().max(40).optional().catch(undefined),
});
export type JobListQuery = z.infer<typeof jobListQuery>;

export const jobSchema = z.object({
  id: z.number(),
  kind: z.string(),
  status: z.enum(STATUS_CODES),
  attempts: z.number(),
  max_attempts: z.number(),
  run_at: z.string(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type Job = z.infer<typeof jobSchema>;
export const jobPageSchema = paginated(jobSchema);

export const jobMessages = {
  retried: 'Tarefa reenfileirada: ela será executada novamente em instantes.',
  notRetriable: 'Só uma tarefa que falhou pode ser repetida.',
} as const;
