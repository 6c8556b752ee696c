import { ApiError, baseHeaders, type FieldErrors, type HttpMethod } from './api-client';
import { tCommon } from './i18n/i18n';

/**
 * A multipart upload through XMLHttpRequest, so the caller sees upload progress and can
 * cancel (fetch has neither). Credentials are sent; non-2xx answers follow the same error
 * rule as the fetch wrapper (the JSON `message`, else the body text, else the status text).
 */
export interface UploadHandle<T> {
  promise: Promise<T>;
  abort: () => void;
}

export class UploadAbortedError extends Error {
  constructor() {
    super(tCommon('errors.uploadCancelled'));
    this.name = 'UploadAbortedError';
  }
}

export function isUploadAborted(error: unknown): boolean {
  return error instanceof UploadAbortedError;
}

function parseError(xhr: XMLHttpRequest): ApiError {
  const text = xhr.responseText ?? '';
  let message = text || xhr.statusText || tCommon('errors.requestFailed', { status: xhr.status });
  let errors: FieldErrors | undefined;
  if (text) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
        const record = parsed as Record<string, unknown>;
        if (typeof record.message === 'string' && record.message) message = record.message;
        if (typeof record.errors === 'object' && record.errors !== null) {
          errors = {};
          for (const [k, v] of Object.entries(record.errors as Record<string, unknown>)) {
            if (typeof v === 'string') errors[k] = v;
          }
        }
      }
    } catch {
      // Not JSON: the raw text is the message.
    }
  }
  return new ApiError(xhr.status, xhr.statusText, message, text, errors);
}

export function uploadWithProgress<T>(
  method: Extract<HttpMethod, 'POST' | 'PUT'>,
  url: string,
  form: FormData,
  onProgress: (percent: number) => void,
): UploadHandle<T> {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<T>((resolve, reject) => {
    xhr.open(method, url);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(baseHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress((event.loaded / event.total) * 100);
    };
    xhr.upload.onload = () => onProgress(100);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        const text = xhr.responseText;
        try {
          resolve((text ? JSON.parse(text) : undefined) as T);
        } catch {
          resolve(text as T);
        }
      } else {
        reject(parseError(xhr));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, tCommon('errors.network'), tCommon('errors.uploadNetwork'), ''));
    xhr.onabort = () => reject(new UploadAbortedError());
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}
