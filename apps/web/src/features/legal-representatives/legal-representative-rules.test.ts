import { describe, expect, it } from 'vitest';
import { hasPermission } from '../../lib/session';
import { makeUser } from '../../test-utils';
import { mayCreateRepresentative, mayPickExporter } from './legal-representative-rules';

const session = (user: ReturnType<typeof makeUser>) => ({
  user,
  can: (permission: string) => hasPermission(user, permission),
});

describe('who is offered the legal-representative form (issue 9, item 5)', () => {
  it('the fabricante holds the permission but has no exporter to add to: no form, no exporter select', () => {
    const fabricante = session(makeUser('fabricante'));
    expect(fabricante.can('legal_representative.manage')).toBe(true);
    expect(mayCreateRepresentative(fabricante)).toBe(false);
    expect(mayPickExporter(fabricante)).toBe(false);
  });

  it('an exporter adds to its own record, without a select', () => {
    const exporter = session(makeUser('exportador', { exporter: { id: 4 } }));
    expect(mayCreateRepresentative(exporter)).toBe(true);
    expect(mayPickExporter(exporter)).toBe(false);
  });

  it('staff who read exporters pick one; a role without the permission gets nothing', () => {
    expect(mayCreateRepresentative(session(makeUser('analista')))).toBe(true);
    expect(mayPickExporter(session(makeUser('analista')))).toBe(true);
    expect(mayCreateRepresentative(session(makeUser('federacao')))).toBe(false);
  });
});
