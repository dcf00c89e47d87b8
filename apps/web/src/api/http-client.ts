import { apiErrorSchema, SpecialStatus } from '@origem/contract/errors';
import { messages } from '@origem/contract/messages.pt';
import { ApiError } from './api-error';

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type QueryParams = Record<string, QueryValue>;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type RequestOptions = {
  method?: HttpMethod;
  /** Query string; null, undefined and '' are left out. */
  query?: QueryParams;
  /** FormData goes as multipart; anything else as JSON. */
  body?: unknown;
  /** Public call: no bearer token, and a 401 is the caller's business (login). */
  anonymous?: boolean;
  /** Listing endpoint: a 403 only logs a console warning (SPEC §6, §8). */
  list?: boolean;
  /** The caller shows every failure itself: no dialogs (the session is still cleared on 401). */
  silent?: boolean;
  /** Defaults to true for authenticated calls: a 401 clears the session and goes to /login. */
  redirectOn401?: boolean;
  responseType?: 'json' | 'blob';
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

export type HttpResponse<T> = { status: number; data: T; headers: Headers };

export type HttpClientDeps = {
  /** Prefix for every path ('' = same origin; the Vite dev server proxies /v1 and /v2). */
  baseUrl?: string;
  fetch?: typeof fetch;
  getToken: () => string | null;
  /** Clears the stored session and navigates to /login. */
  onUnauthorized: () => void;
  showError: (text: string) => void;
  showValidationErrors: (list: string[]) => void;
  scrollToTop: () => void;
  warn?: (message: string) => void;
  /** Runs the default error display after the caller had its chance to mark the error handled. */
  defer?: (task: () => void) => void;
};

/** Statuses that carry a business answer, returned to the caller rather than thrown (SPEC §5, §9). */
export const SPECIAL_STATUSES: ReadonlySet<number> = new Set(Object.values(SpecialStatus));

export function buildQueryString(query: QueryParams | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined || value === '') continue;
    if (Array.isArray(value)) {
      for (const item of value) params.append(key, String(item));
    } else {
      params.append(key, String(value));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json') || /^[[{]/.test(text.trim())) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function toApiError(status: number, body: unknown): ApiError {
  const parsed = apiErrorSchema.safeParse(body);
  if (parsed.success) return new ApiError({ status, ...parsed.data, body });
  const loose = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const message = typeof loose.message === 'string' && loose.message ? loose.message : messages.genericError;
  const code = typeof loose.code === 'string' ? loose.code : `Http${status}`;
  return new ApiError({ status, code, message, body });
}

/**
 * The one HTTP client of the web app. It implements the SPEC §8 error catalogue once:
 * 401 → session cleared and /login; 404 → "Registro não encontrado."; ValidationError → scroll to top and, unless
 * a form claims the error, a bulleted list; 403 on lists → console only; anything else → the server's message.
 */
export function createHttpClient(deps: HttpClientDeps) {
  const baseUrl = deps.baseUrl ?? '';
  const doFetch: typeof fetch = deps.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const defer = deps.defer ?? ((task: () => void) => setTimeout(task, 0));
  const warn = deps.warn ?? ((message: string) => console.warn(message));

  function report(error: ApiError, options: RequestOptions, show: () => void): ApiError {
    if (!options.silent) {
      defer(() => {
        if (!error.handled) show();
      });
    }
    return error;
  }

  function handleFailure(error: ApiError, path: string, options: RequestOptions): ApiError {
    const redirectOn401 = options.redirectOn401 ?? !options.anonymous;
    if (error.status === 401 && redirectOn401) {
      deps.onUnauthorized();
      return error.markHandled();
    }
    if (error.status === 403 && options.list) {
      warn(`Sem permissão para listar ${path}: ${error.message}`);
      return error.markHandled();
    }
    if (error.status === 404) {
      return report(error, options, () => deps.showError(messages.notFound));
    }
    if (error.isValidation) {
      deps.scrollToTop();
      return report(error, options, () => deps.showValidationErrors(error.fieldMessages));
    }
    return report(error, options, () => deps.showError(error.message || messages.genericError));
  }

  async function request<T = unknown>(path: string, options: RequestOptions = {}): Promise<HttpResponse<T>> {
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    const token = options.anonymous ? null : deps.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;

    let body: BodyInit | undefined;
    if (options.body instanceof FormData) {
      body = options.body;
    } else if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }

    let response: Response;
    try {
      response = await doFetch(`${baseUrl}${path}${buildQueryString(options.query)}`, {
        method: options.method ?? 'GET',
        headers,
        body,
        signal: options.signal,
      });
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
      const error = new ApiError({ status: 0, code: 'NetworkError', message: messages.genericError });
      throw report(error, options, () => deps.showError(messages.genericError));
    }

    if (response.ok || SPECIAL_STATUSES.has(response.status)) {
      let data: unknown;
      if (response.status === 204) data = undefined;
      else if (options.responseType === 'blob') data = await response.blob();
      else data = await readBody(response);
      return { status: response.status, data: data as T, headers: response.headers };
    }

    const error = toApiError(response.status, await readBody(response));
    throw handleFailure(error, path, options);
  }

  type BodyOptions = Omit<RequestOptions, 'method' | 'body'>;
  const data = <T>(promise: Promise<HttpResponse<T>>) => promise.then((response) => response.data);

  return {
    /** Full answer (status, data, headers): use it when the status matters (204, 231, 235, 251–253). */
    request,
    get: <T = unknown>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      data(request<T>(path, { ...options, method: 'GET' })),
    post: <T = unknown>(path: string, body?: unknown, options?: BodyOptions) =>
      data(request<T>(path, { ...options, method: 'POST', body })),
    put: <T = unknown>(path: string, body?: unknown, options?: BodyOptions) =>
      data(request<T>(path, { ...options, method: 'PUT', body })),
    patch: <T = unknown>(path: string, body?: unknown, options?: BodyOptions) =>
      data(request<T>(path, { ...options, method: 'PATCH', body })),
    delete: <T = unknown>(path: string, options?: BodyOptions) =>
      data(request<T>(path, { ...options, method: 'DELETE' })),
  };
}

export type HttpClient = ReturnType<typeof createHttpClient>;
