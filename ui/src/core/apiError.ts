/**
 * The API's error body (docs/artifacts.md) as a typed error. Anything that is not that body becomes the
 * seed's generic message (seed 000 §8), so a raw status line or an English proxy page never reaches a user.
 */
import { isRecord } from './guards';

export const GENERIC_SERVER_ERROR = 'Errore durante la chiamata al server - contattare il supporto';

export interface ErrorDetail {
  field: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: ErrorDetail[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Builds the ApiError for a failed response from its status and whatever body text came with it. */
export function apiErrorFromBody(status: number, bodyText: string): ApiError {
  const body = parseJson(bodyText);
  if (isErrorBody(body)) {
    const details = Array.isArray(body.details) ? body.details.filter(isDetail) : [];
    return new ApiError(status, typeof body.code === 'string' ? body.code : 'UNKNOWN', body.errorMessage, details);
  }
  return new ApiError(status, 'UNKNOWN', GENERIC_SERVER_ERROR);
}

/** Network failures and bodies we cannot read get the same generic message. */
export function genericApiError(status = 0): ApiError {
  return new ApiError(status, 'UNKNOWN', GENERIC_SERVER_ERROR);
}

/** The message to show for any thrown value: never an Error's English text from the browser or a library. */
export function userMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : GENERIC_SERVER_ERROR;
}

/**
 * The message for a banner, with the `details` a form cannot show under one of its fields appended (a
 * stock that would go below zero is a detail on the stock, not on the movement's form).
 */
export function bannerMessage(error: unknown, shownUnderField: (field: string) => boolean = () => false): string {
  const base = userMessage(error);
  const extra = error instanceof ApiError ? error.details.filter((d) => !shownUnderField(d.field)).map((d) => d.message) : [];
  const unique = [...new Set(extra)].filter((m) => m !== base);
  return unique.length ? `${base}: ${unique.join('; ')}` : base;
}

/** The form's own words for a refused save (spec `form.banners`, docs/spec-language.md#form-banners). */
export interface FormBanners {
  invalid?: string;
  saveFailed?: string;
}

/**
 * The banner of a save the API refused. Refused values (400 VALIDATION_ERROR) say the form's `invalid` words
 * instead of the API's generic ones, followed by what no field shows; any other refusal says the form's
 * `saveFailed` words, then the API's own message, which may be the one the user needs (a bank that takes no new
 * merchants). Without the form's words, the API's banner as it is.
 */
export function saveRefusedMessage(error: unknown, own: FormBanners | undefined, shownUnderField: (field: string) => boolean = () => false): string {
  const api = bannerMessage(error, shownUnderField);
  if (error instanceof ApiError && error.code === 'VALIDATION_ERROR') {
    if (!own?.invalid) return api;
    const extra = [...new Set(error.details.filter((d) => !shownUnderField(d.field)).map((d) => d.message))];
    return extra.length ? `${own.invalid}: ${extra.join('; ')}` : own.invalid;
  }
  return own?.saveFailed ? `${own.saveFailed}. ${api}` : api;
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isErrorBody(body: unknown): body is { errorMessage: string; code?: unknown; details?: unknown } {
  return isRecord(body) && typeof body.errorMessage === 'string' && body.errorMessage.length > 0;
}

function isDetail(d: unknown): d is ErrorDetail {
  return isRecord(d) && typeof d.field === 'string' && typeof d.message === 'string';
}
