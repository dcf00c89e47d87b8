import type { UserDetail } from '@origem/contract/schemas/auth';

type SessionLike = { user: UserDetail | null; can: (permission: string) => boolean };

/**
 * Who may add a legal representative: `legal_representative.manage`, and an exporter to add it to — the user's own
 * (an exporter's user) or one it may pick from the exporters it reads (`exporter.view`). A role with the permission
 * but neither (e.g. the fabricante) is not offered a form it could never save, nor a select it may not load.
 */
export function mayCreateRepresentative({ user, can }: SessionLike): boolean {
  if (!can('legal_representative.manage')) return false;
  return user?.exporter != null || mayPickExporter({ user, can });
}

/** The exporter select appears for staff who read exporters; an exporter's user always adds to its own. */
export function mayPickExporter({ user, can }: SessionLike): boolean {
  return user?.exporter == null && can('exporter.view');
}
