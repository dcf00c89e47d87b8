import type { UserDetail } from '@origem/contract/schemas/auth';
import { mayOpenRoute } from '../../app/menu';
import { findRoute } from '../../app/route-table';

/**
 * The screen of an audited record, for the recent activity's entries (issue 22: each entry links to its record).
 * Records without a screen of their own (lookup rows, tables) have none.
 */
const RECORD_SCREENS: Readonly<Record<string, (id: number) => string>> = {
  certificate: (id) => `/certificado-consulta/${id}`,
  declaration: (id) => `/declaracao-consulta/${id}`,
  pre_registration: (id) => `/pre-cadastro-analise/${id}`,
  exporter: (id) => `/exportador/${id}`,
  dispatcher: (id) => `/despachante/${id}`,
  legal_representative: (id) => `/responsavel-legal/${id}`,
  dispatcher_exporter_link: (id) => `/vinculo/analise-vinculo/${id}`,
  deal: (id) => `/acordos/${id}`,
  origin_norm: (id) => `/normas-origem/${id}`,
  origin_rule: (id) => `/regras-origem/${id}`,
  user: (id) => `/usuarios/${id}`,
  role: (id) => `/configuracao/perfil/${id}`,
  confederation: (id) => `/confederacao/${id}`,
  federation: (id) => `/federacoes/${id}`,
  trade_association: (id) => `/associacoes/${id}`,
};

/**
 * The record's screen, when `user` may open it: an entry the user sees may be about a record whose screen is not
 * theirs (a federation sees the role or the pre-registration an action of its scope touched), and a link to
 * "Sem permissão" is no link.
 */
export function activityRecordPath(type: string, id: number | null, user: UserDetail | null): string | null {
  const screen = RECORD_SCREENS[type];
  if (!screen || !id) return null;
  const path = screen(id);
  const route = findRoute(path);
  return route && mayOpenRoute(route, user) ? path : null;
}
