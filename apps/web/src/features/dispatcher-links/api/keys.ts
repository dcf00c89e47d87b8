/** TanStack Query keys and paths of the link screens (SPEC §7 "Dispatcher-exporter links"). */
export const linkKeys = {
  all: ['dispatcher-links'] as const,
  list: (path: string) => ['dispatcher-links', 'list', path] as const,
  detail: (id: number) => ['dispatcher-links', 'detail', id] as const,
};

/** The combined list and each link's own calls (approval, disapproval, analysis, the staff's DELETE). */
export const LINK_PATH = '/v1/dispatcher_exporter_link';
/** The exporter's side: its list, its requests to dispatchers, its deletion steps. */
export const EXPORTER_SIDE_PATH = '/v1/exporter_dispatcher';
/** The dispatcher's side. */
export const DISPATCHER_SIDE_PATH = '/v1/dispatcher_exporter';
