import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../app/route-table';
import { OTHER_CADASTROS } from './cadastros-links';

describe('OTHER_CADASTROS', () => {
  it.each(OTHER_CADASTROS.map((link) => [link.to, link] as const))(
    '%s is a Cadastros menu route with the same title and permission',
    (path, link) => {
      const route = ROUTES.find((entry) => entry.path === path);
      expect(route).toMatchObject({ menu: 'cadastros', title: link.title, permission: link.permission });
    },
  );
});
