import { z } from 'zod';

/** One step of a record's history (DOMAIN.md §3: who, when, from, to, note), as the detail answers carry it. */
export const flowStepSchema = z.object({
  id: z.number().int(),
  action: z.string(),
  from_status: z.string().nullable(),
  to_status: z.string(),
  note: z.string().nullable(),
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type FlowStep = z.infer<typeof flowStepSchema>;

/**
 * What a detail answer adds for a record under a flow: the actions the current user may take now (the web shows
 * exactly these buttons) and the history, oldest first.
 */
export const flowViewFields = {
  actions: z.array(z.string()),
  history: z.array(flowStepSchema),
};
