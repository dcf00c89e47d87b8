/** The certificate's stored files, by role (stored_files.owner_type `certificate.<role>`). */
export const FILE_ROLES = {
  commercial_invoice: 'commercial_invoice',
  intervenor_invoice: 'intervenor_invoice',
  substitution: 'substitution_letter',
  /** The issued certificate's PDF, rendered once at issue (issued-copies.ts; also what generate_pdf stores). */
  pdf: 'pdf',
  signed_pdf: 'signed_pdf',
  /** A cancelled or replaced certificate's watermarked PDF, rendered once; it replaces the issued copies. */
  void_pdf: 'void_pdf',
  void_signed_pdf: 'void_signed_pdf',
} as const;
export type FileRole = (typeof FILE_ROLES)[keyof typeof FILE_ROLES];
