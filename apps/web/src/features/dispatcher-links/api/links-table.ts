import type { DispatcherLink } from '@origem/contract/schemas/dispatcher-links';
import type { ListControls } from '../../../ui/use-list-search';
import { type ServerTable, useServerTable } from '../../../ui/use-server-table';
import { linkKeys } from './keys';

/** One of the three link lists (`path`), paged by the server in exporter-then-dispatcher name order. */
export function useLinksTable(path: string, list: ListControls): ServerTable<DispatcherLink> {
  return useServerTable<DispatcherLink>({ queryKey: linkKeys.list(path), path, list });
}
