import type { RoleSlug } from '@origem/contract/permissions';
import { describe, expect, it } from 'vitest';
import { buildMenu } from '../../app/menu';
import { DELIVERED_ROUTES } from '../../app/screens';
import { makeUser } from '../../test-utils';

/** The link screens appear in the "Vínculos" menu only for the roles they serve (SPEC §2). */
function linkItems(role: RoleSlug): string[] {
  const menu = buildMenu(makeUser(role), DELIVERED_ROUTES);
  return (menu.find((section) => section.key === 'vinculos')?.items ?? [])
    .map((item) => item.path)
    .filter((path) => path.startsWith('/vinculo/'));
}

describe('the links menu', () => {
  it('each side gets its list and its request screen; the staff the combined list', () => {
    expect(linkItems('despachante')).toEqual([
      '/vinculo/lista-vinculos-despachante',
      '/vinculo/solicita-exportador',
    ]);
    expect(linkItems('exportador')).toEqual([
      '/vinculo/lista-vinculos-exportador',
      '/vinculo/solicita-despachante',
    ]);
    for (const role of ['analista', 'associacao', 'federacao', 'confederacao'] as const) {
      expect(linkItems(role), role).toEqual(['/vinculo/lista-vinculos-despachante-exportador']);
    }
    // SPEC §2: the dispatcher's list is also the administrator's.
    expect(linkItems('admin')).toEqual([
      '/vinculo/lista-vinculos-despachante',
      '/vinculo/lista-vinculos-despachante-exportador',
    ]);
    expect(linkItems('fabricante')).toEqual([]);
  });
});
