import { SpecialStatus } from '@origem/contract/error-codes';
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
  /**
   * POSTs (creates, submissions) carry an `Idempotency-Key` by default, so that a double click or a retry after a
   * network failure never makes two records; false for a call whose answer must not be kept by the server (the
   * sign-in's token).
   */
  idempotent?: boolean;
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

async function toApiError(status: number, body: unknown): Promise<ApiError> {
  // The contract's error schema (zod) loads with the first failure, not with the first screen.
  const { apiErrorSchema } = await import('@origem/contract/errors');
  const parsed = apiErrorSchema.safeParse(body);
  if (parsed.success) return new ApiError({ status, ...parsed.data, body });
  const loose = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const message = typeof loose.message === 'string' && loose.message ? loose.message : messages.genericError;
  const code = typeof loose.code === 'string' ? loose.code : `Http${status}`;
  return new ApiError({ status, code, message, body });
}

const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Submissions that failed without an answer, kept for a retry: a handful is plenty. */
const MAX_UNANSWERED = 20;

/** 128 random bits, hex. `crypto.randomUUID` needs a secure context; the app may be served over plain http. */
function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * What makes two submissions "the same": method, address and body. A file counts by name, size and date, since the
 * server cannot compare multipart bodies and would replay the first answer for a changed file under the same key.
 */
function submissionFingerprint(method: string, url: string, body: unknown): string {
  let content: string;
  if (body instanceof FormData) {
    content = JSON.stringify(
      [...body.entries()].map(([name, value]) =>
        typeof value === 'string' ? [name, value] : [name, value.name, value.size, value.lastModified],
      ),
    );
  } else {
    content = JSON.stringify(body ?? null);
  }
  return `${method} ${url}\n${content}`;
}

/**
 * One `Idempotency-Key` per submission, for every form at once: a submission identical to one still in flight
 * (a double click) shares its answer instead of being sent again; one identical to a submission that got no answer
 * (network failure, aborted, a 5xx) is sent again with the same key, so the server answers it from the first attempt if
 * that one was committed; anything else (changed data, or a new submission after an answer) gets a new key.
 */
function createSubmissionKeys() {
  const inFlight = new Map<string, Promise<unknown>>();
  const unanswered = new Map<string, string>();
  return {
    inFlight: <T>(fingerprint: string) => inFlight.get(fingerprint) as Promise<T> | undefined,
    async send<T>(
      fingerprint: string,
      run: (key: string) => Promise<T>,
      isUnanswered: (error: unknown) => boolean,
    ): Promise<T> {
      const key = unanswered.get(fingerprint) ?? newIdempotencyKey();
      unanswered.delete(fingerprint);
      const attempt = run(key);
      inFlight.set(fingerprint, attempt);
      try {
        return await attempt;
      } catch (error) {
        if (isUnanswered(error)) {
          unanswered.set(fingerprint, key);
          const oldest = unanswered.keys().next().value;
          if (unanswered.size > MAX_UNANSWERED && oldest !== undefined) unanswered.delete(oldest);
        }
        throw error;
      } finally {
        inFlight.delete(fingerprint);
      }
    },
  };
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** A read whose answer a screen renders (not an action, not a download). */
function isScreenRead(options: RequestOptions): boolean {
  return (options.method ?? 'GET') === 'GET' && options.responseType !== 'blob';
}

/**
 * The one HTTP client of the web app. It implements the SPEC §8 error catalogue once:
 * 401 → session cleared and /login; 404 → "Registro não encontrado." (a dialog for actions and downloads; a GET
 * read leaves it to its screen's 404 page); ValidationError → scroll to top and, unless
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
    // A record that the screen reads (GET, JSON) and that is missing or out of reach: the screen shows the 404 or
    // "sem permissão" page in its place (ui/record-states), so no dialog is put on top of it. Actions and
    // downloads keep the dialog of SPEC §8.
    if ((error.status === 404 || error.status === 403) && isScreenRead(options)) {
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

  const submissions = createSubmissionKeys();

  function request<T = unknown>(path: string, options: RequestOptions = {}): Promise<HttpResponse<T>> {
    if (options.method !== 'POST' || options.idempotent === false) return send<T>(path, options);
    const fingerprint = submissionFingerprint(
      options.method,
      `${path}${buildQueryString(options.query)}`,
      options.body,
    );
    return (
      submissions.inFlight<HttpResponse<T>>(fingerprint) ??
      submissions.send(
        fingerprint,
        (key) => send<T>(path, { ...options, headers: { ...options.headers, [IDEMPOTENCY_HEADER]: key } }),
        // No answer, or a server failure that may have come after the commit: the retry must find the first attempt.
        (error) =>
          (error instanceof ApiError && (error.status === 0 || error.status >= 500)) || isAbort(error),
      )
    );
  }

  async function send<T>(path: string, options: RequestOptions): Promise<HttpResponse<T>> {
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
      if (isAbort(cause)) throw cause;
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

    const error = await toApiError(response.status, await readBody(response));
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
