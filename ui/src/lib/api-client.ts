import { currentLanguage, tCommon } from './i18n/i18n';

/**
 * The one fetch wrapper (ui/README.md, "Rules the shared code already applies").
 *
 * - Every call sends credentials (the session is an HttpOnly cookie) and the UI's language
 *   (`Accept-Language`), so the server's messages come back in it.
 * - A JSON body is sent only when a payload is given.
 * - Any non-2xx answer becomes an ApiError whose message follows the generic rule:
 *   the JSON `message` field, else the raw body text, else the status text.
 */

export type FieldErrors = Record<string, string>;

export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  /** Per-field validation messages (400 answers only), keyed by JSON field name. */
  readonly errors: FieldErrors | undefined;
  readonly body: string;

  constructor(status: number, statusText: string, message: string, body: string, errors?: FieldErrors) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.statusText = statusText;
    this.body = body;
    this.errors = errors;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function isUnauthorizedError(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

/** The error text of any thrown value: the server's message when there is one. */
export function errorMessage(error: unknown): string | undefined {
  if (error instanceof Error && error.message) return error.message;
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readFieldErrors(value: unknown): FieldErrors | undefined {
  if (!isRecord(value)) return undefined;
  const out: FieldErrors = {};
  for (const [key, text] of Object.entries(value)) {
    if (typeof text === 'string') out[key] = text;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  let text: string;
  try {
    text = await res.text();
  } catch {
    text = '';
  }
  let message = text || res.statusText || tCommon('errors.requestFailed', { status: res.status });
  let errors: FieldErrors | undefined;
  if (text) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (isRecord(parsed)) {
        if (typeof parsed.message === 'string' && parsed.message) message = parsed.message;
        errors = readFieldErrors(parsed.errors);
      }
    } catch {
      // Not JSON: the raw text is the message.
    }
  }
  throw new ApiError(res.status, res.statusText, message, text, errors);
}

async function parseBody<T>(res: Response): Promise<T> {
  const text = await res.text();
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    return text as T;
  }
}

/** The headers of every call: JSON answers, in the UI's language. */
export function baseHeaders(): Record<string, string> {
  return { Accept: 'application/json', 'Accept-Language': currentLanguage() };
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Low-level call: returns the raw Response after the error rule has been applied. */
export async function apiFetch(method: HttpMethod, url: string, data?: unknown): Promise<Response> {
  const init: RequestInit = { method, credentials: 'include', headers: baseHeaders() };
  if (data !== undefined) {
    init.headers = { ...baseHeaders(), 'Content-Type': 'application/json' };
    init.body = JSON.stringify(data);
  }
  const res = await fetch(url, init);
  await throwIfNotOk(res);
  return res;
}

/** A JSON call: the parsed JSON answer. */
export async function apiRequest<T>(method: HttpMethod, url: string, data?: unknown): Promise<T> {
  const res = await apiFetch(method, url, data);
  return parseBody<T>(res);
}

/** One page of a paged list: its items and the URL of the next page (null on the last). */
export interface Page<T> {
  items: T[];
  next: string | null;
  /** The answer's headers (for the few lists that say more there, e.g. `X-Thread-Closed`). */
  headers?: Headers;
}

/** The `rel="next"` target of a `Link` header, or null. */
export function nextLinkUrl(header: string | null): string | null {
  if (!header) return null;
  // Each link is `<url>` followed by `; param` pairs; the URL itself may hold commas.
  for (const match of header.matchAll(/<([^>]*)>([^<]*)/g)) {
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i.exec(match[2] ?? '');
    const names = (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/);
    if (names.includes('next') && match[1]) return match[1];
  }
  return null;
}

/**
 * A GET of one page of a paged list: the JSON array (a non-list answer counts as empty) and
 * the next page's URL from the `Link: <...>; rel="next"` header.
 */
export async function getPage<T>(url: string): Promise<Page<T>> {
  const res = await apiFetch('GET', url);
  const next = nextLinkUrl(res.headers.get('Link'));
  const body = await parseBody<unknown>(res);
  return { items: Array.isArray(body) ? (body as T[]) : [], next, headers: res.headers };
}

/** Most pages `fetchAllPages` follows (50 pages of 50 = 2,500 items). */
export const MAX_PAGES = 50;

/** Every page of a paged list, in the server's order, following `Link` up to `maxPages` pages. */
export async function fetchAllPages<T>(url: string, maxPages: number = MAX_PAGES): Promise<T[]> {
  const items: T[] = [];
  let next: string | null = url;
  for (let n = 0; next !== null && n < maxPages; n += 1) {
    const page: Page<T> = await getPage<T>(next);
    items.push(...page.items);
    next = page.next;
  }
  return items;
}

/** A multipart upload (the browser sets the multipart boundary itself). */
export async function apiUpload<T>(url: string, form: FormData, method: 'POST' | 'PUT' = 'POST'): Promise<T> {
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: baseHeaders(),
    body: form,
  });
  await throwIfNotOk(res);
  return parseBody<T>(res);
}

export const api = {
  get: <T>(url: string) => apiRequest<T>('GET', url),
  page: getPage,
  all: fetchAllPages,
  post: <T>(url: string, data?: unknown) => apiRequest<T>('POST', url, data),
  put: <T>(url: string, data?: unknown) => apiRequest<T>('PUT', url, data),
  patch: <T>(url: string, data?: unknown) => apiRequest<T>('PATCH', url, data),
  delete: <T>(url: string) => apiRequest<T>('DELETE', url),
  upload: apiUpload,
};

/** Hard redirect to the login entry point after an unauthorized error. */
export const UNAUTHORIZED_REDIRECT_MS = 500;
export const LIKE_UNAUTHORIZED_REDIRECT_MS = 1000;

export function redirectToLogin(delayMs: number = UNAUTHORIZED_REDIRECT_MS): void {
  window.setTimeout(() => {
    window.location.href = '/api/login';
  }, delayMs);
}
