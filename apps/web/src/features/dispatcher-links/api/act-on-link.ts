import type { ActionOf, dispatcherLinkFlow } from '@origem/contract/flows';
import type { DispatcherLinkAnswer } from '@origem/contract/schemas/dispatcher-links';
import { http } from '../../../api/http';
import type { LinkSide } from '../link-side';
import { DISPATCHER_SIDE_PATH, EXPORTER_SIDE_PATH, LINK_PATH } from './keys';

export type LinkAction = ActionOf<typeof dispatcherLinkFlow>;

const sidePath = (side: LinkSide) => (side === 'exporter' ? EXPORTER_SIDE_PATH : DISPATCHER_SIDE_PATH);

/**
 * One flow action on a link, through the call SPEC §7 names for it: decisions on the link itself; the deletion steps
 * on the acting side's own resource (`…/link/{id}/deletion`, then DELETE `…/link/{id}`), or the staff's DELETE.
 */
export function actOnLink(
  id: number,
  action: LinkAction,
  side: LinkSide | 'staff',
  note?: string,
): Promise<DispatcherLinkAnswer> {
  switch (action) {
    case 'approve':
      return http.put<DispatcherLinkAnswer>(`${LINK_PATH}/${id}/approval`, {});
    case 'disapprove':
      return http.put<DispatcherLinkAnswer>(`${LINK_PATH}/${id}/disapproval`, note ? { note } : {});
    case 'analysis':
      return http.put<DispatcherLinkAnswer>(`${LINK_PATH}/${id}/analysis`, {});
    case 'request_deletion':
      if (side === 'staff') throw new Error('só um dos lados solicita a exclusão');
      return http.put<DispatcherLinkAnswer>(`${sidePath(side)}/link/${id}/deletion`, {});
    case 'confirm_deletion':
    case 'remove':
      return http.delete<DispatcherLinkAnswer>(
        side === 'staff' ? `${LINK_PATH}/${id}` : `${sidePath(side)}/link/${id}`,
      );
    case 'end':
      // Ended by the system when a side is deleted: no screen offers it.
      throw new Error('o sistema encerra o vínculo; nenhuma tela o oferece');
  }
}

/**
 * A side asks for a link with a counterpart: the exporter with a dispatcher (POST
 * /v1/exporter_dispatcher/dispatcher/{id}/link) or the dispatcher with an exporter (POST
 * /v1/dispatcher_exporter/exporter/{id}/link).
 */
export function requestLink(side: LinkSide, counterpartId: number): Promise<DispatcherLinkAnswer> {
  const counterpart = side === 'exporter' ? 'dispatcher' : 'exporter';
  return http.post<DispatcherLinkAnswer>(`${sidePath(side)}/${counterpart}/${counterpartId}/link`, {});
}
