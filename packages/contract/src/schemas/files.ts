import { z } from 'zod';

/** A stored file as records show it (logo, social contract, procuration…); the bytes come from its download call. */
export const storedFileInfoSchema = z.object({
  name: z.string(),
  mime_type: z.string(),
  size: z.number(),
  updated_at: z.string(),
});
export type StoredFileInfo = z.infer<typeof storedFileInfoSchema>;
