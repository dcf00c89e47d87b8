/** The certificate's stored files, by role (stored_files.owner_type `certificate.<role>`). */
export const FILE_ROLES = {
  commercial_invoice: 'commercial_invoice',
  intervenor_invoice: 'intervenor_invoice',
  substitution: 'substitution_letter',
  pdf: 'pdf',
  signed_pdf: 'signed_pdf',
} as const;
export type FileRole = (typeof FILE_ROLES)[keyof typeof FILE_ROLES];
