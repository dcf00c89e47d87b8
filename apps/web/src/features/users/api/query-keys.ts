/** Cache keys of the users feature: invalidating `all` refreshes the list and every cached user. */
export const userKeys = {
  all: ['users'] as const,
  search: ['users', 'search'] as const,
  detail: (id: number) => ['users', 'detail', id] as const,
};
