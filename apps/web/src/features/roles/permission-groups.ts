import { PERMISSION_GROUPS } from '@origem/contract/permissions';
import type { PermissionRow } from '@origem/contract/schemas/roles';

export type PermissionGroupView = {
  group: string;
  label: string;
  permissions: PermissionRow[];
};

const GROUP_ORDER: readonly string[] = Object.keys(PERMISSION_GROUPS);

function rank(group: string): number {
  const index = GROUP_ORDER.indexOf(group);
  return index === -1 ? GROUP_ORDER.length : index;
}

/**
 * The catalogue as the checklist shows it: one entry per group, in the product's menu order (PERMISSION_GROUPS),
 * groups the web does not know last by label; permissions keep the server's order inside their group.
 */
export function groupPermissions(permissions: readonly PermissionRow[]): PermissionGroupView[] {
  const groups = new Map<string, PermissionGroupView>();
  for (const permission of permissions) {
    let entry = groups.get(permission.group);
    if (!entry) {
      entry = { group: permission.group, label: permission.group_label, permissions: [] };
      groups.set(permission.group, entry);
    }
    entry.permissions.push(permission);
  }
  return [...groups.values()].sort(
    (a, b) => rank(a.group) - rank(b.group) || a.label.localeCompare(b.label, 'pt-BR'),
  );
}

export type GroupCheckState = {
  /** Every permission of the group is selected. */
  checked: boolean;
  /** Some, but not all. */
  indeterminate: boolean;
  /** How many of the group's permissions are selected. */
  selected: number;
  total: number;
};

/** State of a group's "check all" box for the selected permission ids. */
export function groupCheckState(
  group: Pick<PermissionGroupView, 'permissions'>,
  selected: readonly number[],
): GroupCheckState {
  const chosen = new Set(selected);
  const total = group.permissions.length;
  const count = group.permissions.filter((p) => chosen.has(p.id)).length;
  return {
    checked: total > 0 && count === total,
    indeterminate: count > 0 && count < total,
    selected: count,
    total,
  };
}

function normalized(ids: Iterable<number>): number[] {
  return [...new Set(ids)].sort((a, b) => a - b);
}

/** Selects (on) or clears (off) one permission; the result is sorted and without repeats. */
export function togglePermission(selected: readonly number[], id: number, on: boolean): number[] {
  return on ? normalized([...selected, id]) : normalized(selected.filter((s) => s !== id));
}

/** Selects (on) or clears (off) every permission of a group, leaving the others as they are. */
export function toggleGroup(
  selected: readonly number[],
  group: Pick<PermissionGroupView, 'permissions'>,
  on: boolean,
): number[] {
  const ids = new Set(group.permissions.map((p) => p.id));
  return on ? normalized([...selected, ...ids]) : normalized(selected.filter((s) => !ids.has(s)));
}
