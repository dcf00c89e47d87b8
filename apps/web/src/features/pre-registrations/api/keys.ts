/** TanStack Query keys of the pre-registration screens. */
export const preRegistrationKeys = {
  all: ['pre-registrations'] as const,
  list: ['pre-registrations', 'list'] as const,
  detail: (id: number) => ['pre-registrations', 'detail', id] as const,
  pendency: (id: number, token: string) => ['pre-registrations', 'pendency', id, token] as const,
  options: (what: string) => ['pre-registrations', 'options', what] as const,
};

export const PRE_REGISTRATION_PATH = '/v1/pre_registration';
