/** The screens of this feature (SPEC §2). */
export const DEALS_PATH = '/acordos';
export const NORMS_PATH = '/normas-origem';
export const RULES_PATH = '/regras-origem';
