// The dashboard's only way to the service: the public API (openapi.json), with the key kept for this tab only.

const KEY = 'flowrun.apiKey';

export const session = {
  key: () => sessionStorage.getItem(KEY),
  signIn: key => sessionStorage.setItem(KEY, key),
  signOut: () => sessionStorage.removeItem(KEY),
};

/** The API's error body ({code, message, field}) with the HTTP status. */
export class ApiError extends Error {
  constructor(status, error) {
    super(error?.message || `the service answered ${status}`);
    this.status = status;
    this.code = error?.code || 'unknown';
    this.field = error?.field || null;
  }
}

/** Called when the stored key stops working (revoked, or the service's database was replaced). */
let onUnauthorized = () => {};
export function whenUnauthorized(handler) {
  onUnauthorized = handler;
}

/**
 * One API call: api('GET', '/workflows/runs?page=2'), api('POST', '/workflows', body).
 * Resolves to the parsed JSON (null for 204); rejects with ApiError.
 */
export async function api(method, path, body, {key = session.key(), signal, headers = {}} = {}) {
  const init = {method, signal, headers: {Authorization: `Bearer ${key}`, ...headers}};
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  if (response.status === 204) return null;
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const error = new ApiError(response.status, data?.error);
    if (response.status === 401 && key === session.key()) onUnauthorized();
    throw error;
  }
  return data;
}

/**
 * POST /uploads with the files as `file` parts, reporting progress as a fraction 0–1.
 * XMLHttpRequest rather than fetch: only it tells how much of a request body has been sent.
 */
export function upload(files, onProgress) {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const file of files) form.append('file', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/uploads');
    xhr.setRequestHeader('Authorization', `Bearer ${session.key()}`);
    xhr.responseType = 'json';
    xhr.upload.addEventListener('progress', e => { if (e.lengthComputable) onProgress(e.loaded / e.total); });
    xhr.addEventListener('load', () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve(xhr.response);
      else {
        if (xhr.status === 401) onUnauthorized();
        reject(new ApiError(xhr.status, xhr.response?.error));
      }
    });
    xhr.addEventListener('error', () => reject(new ApiError(0, {message: 'the upload did not reach the service'})));
    xhr.send(form);
  });
}

/** A key for Idempotency-Key: a double click or a retried request never starts the same run twice. */
export function newRequestKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return 'dash-' + Array.from(bytes, b => b.toString(16).padStart(2, '0')).join('');
}

/** The service's small picture of an image (its signed URL's ?thumb=256 variant), not the full file. */
export function thumbUrl(fileUrl) {
  return fileUrl + (fileUrl.includes('?') ? '&' : '?') + 'thumb=256';
}

/** Every workflow of the workspace, by id. */
export async function workflowsById(signal) {
  const list = await api('GET', '/workflows', undefined, {signal});
  return new Map(list.map(w => [w.id, w]));
}
