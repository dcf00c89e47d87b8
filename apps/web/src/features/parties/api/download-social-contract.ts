import { downloadFile } from '../../../api/download';
import type { PartyKindView } from '../party-kind';

/** GET /v1/{kind}/social_contract/{id}, saved as contrato_social.pdf. */
export function downloadSocialContract(view: PartyKindView, id: number) {
  return downloadFile(`${view.api}/social_contract/${id}`, { defaultName: 'contrato_social.pdf' });
}
