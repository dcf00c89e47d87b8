import { SpecialStatus } from '@origem/contract/error-codes';
import type { ActionOf, declarationFlow } from '@origem/contract/flows';
import {
  type DeclarationAction,
  declarationMessages,
  type TypeAnalysis,
} from '@origem/contract/schemas/declarations';
import { http } from '../../../api/http';
import { showWarningDialog } from '../../../ui/feedback';
import { DECLARATION_PATH } from './keys';

export type DeclarationFlowAction = ActionOf<typeof declarationFlow>;

/** What an action needs besides the declaration: the reason of a rejection, the place of a delivery. */
export type DeclarationActionInput = { note?: string; deliveryLocationId?: number };

/** One flow action through the call SPEC §7 names for it; resolves the server's answer (text and record). */
export function actOnDeclaration(
  id: number,
  action: DeclarationFlowAction,
  input: DeclarationActionInput = {},
): Promise<DeclarationAction> {
  switch (action) {
    case 'send_analysis':
      return http.post<DeclarationAction>(`${DECLARATION_PATH}/send_analysis/${id}`, {});
    case 'take':
      return openForAnalysis(id, 'analise');
    case 'approve_delivery':
      return http.post<DeclarationAction>(`${DECLARATION_PATH}/approve_delivery/${id}`, {
        delivery_location_id: input.deliveryLocationId,
      });
    case 'digitally_signed':
      return http.post<DeclarationAction>(`${DECLARATION_PATH}/digitally_signed/${id}`, {});
    case 'reject':
      return http.post<DeclarationAction>(`${DECLARATION_PATH}/reject/${id}`, { reason: input.note });
    case 'expire':
      throw new Error('o sistema vence a declaração; nenhuma tela o oferece');
  }
}

/** GET /v1/declaration/send_analyzing/{id}?type_analysis: `analise` takes it, `consulta` only reads it. */
export function openForAnalysis(id: number, type: TypeAnalysis): Promise<DeclarationAction> {
  return http.get<DeclarationAction>(`${DECLARATION_PATH}/send_analyzing/${id}`, {
    query: { type_analysis: type },
  });
}

/** POST /v1/declaration/clone/{id}: a new draft with the same header and materials. */
export function cloneDeclaration(id: number): Promise<DeclarationAction> {
  return http.post<DeclarationAction>(`${DECLARATION_PATH}/clone/${id}`, {});
}

/**
 * DELETE /v1/declaration/{id}. Resolves the success text, or null when a certificate cites the declaration (235):
 * the spec's warning was shown then.
 */
export async function deleteDeclaration(id: number): Promise<string | null> {
  const answer = await http.request<{ message: string }>(`${DECLARATION_PATH}/${id}`, { method: 'DELETE' });
  if (answer.status === SpecialStatus.LinkedCertificate) {
    await showWarningDialog(declarationMessages.linkedCertificate);
    return null;
  }
  return answer.data.message;
}
