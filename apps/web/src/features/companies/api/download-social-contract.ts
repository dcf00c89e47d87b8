import { downloadFile } from '../../../api/download';

/** GET /v1/company/social_contract/{id}: saved as `contrato_social.pdf` (SPEC §9 name, from the server). */
export function downloadSocialContract(companyId: number): Promise<boolean> {
  return downloadFile(`/v1/company/social_contract/${companyId}`, { defaultName: 'contrato_social.pdf' });
}
