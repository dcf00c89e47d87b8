import { entityMessages } from '@origem/contract/schemas/entities';
import type { Actor } from '../../lib/context';
import { forbidden } from '../../lib/errors';

/**
 * Who may add or remove an entity, beyond holding `entity.manage` (only the administrator by default). Editing is
 * decided by the row scope: whoever reaches an entity and may manage may edit it. Creating or removing one changes
 * the level above it, so it takes a role from that level up.
 */
const CREATORS = {
  confederation: ['admin'],
  federation: ['admin', 'confederacao'],
  association: ['admin', 'confederacao', 'federacao'],
} as const;

export function assertMayCreateOrDelete(actor: Actor, kind: keyof typeof CREATORS): void {
  if (!(CREATORS[kind] as readonly string[]).includes(actor.roleType)) {
    throw forbidden(entityMessages.createNotAllowed);
  }
}
