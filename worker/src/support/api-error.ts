import { boundedErrorBody, boundedParams, MAX_REPORTED_PROBLEMS, type ErrorBody } from './error-limits';

/**
 * The named errors of the API contract (docs/architecture.md §3), thrown by any area. Everything thrown on a request path is
 * turned into the WordPress error shape by http/server/error-handler.ts (plus OpenAI's or Anthropic's
 * error object on the router's routes: http/answers/error-body.ts); anything that is not an
 * ApiError becomes `svc_internal` 500 without detail.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly data: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The WordPress error shape, never over `maxBytes` (MAX_ERROR_BODY_BYTES) whatever the error carries. */
  toBody(maxBytes?: number): ErrorBody {
    return boundedErrorBody({ code: this.code, message: this.message, data: { status: this.status, ...this.data } }, maxBytes);
  }

  static missingKey(): ApiError {
    return new ApiError(401, 'svc_missing_key', 'An API key is required: send "Authorization: Bearer <key>".');
  }

  static invalidKey(): ApiError {
    return new ApiError(401, 'svc_invalid_key', 'The API key is not valid.');
  }

  static keyRevoked(): ApiError {
    return new ApiError(401, 'svc_key_revoked', 'The API key has been revoked.');
  }

  static invalidSignature(reason: string): ApiError {
    return new ApiError(401, 'svc_invalid_signature', `The request signature was rejected: ${reason}.`);
  }

  static noEntitlement(feature: string): ApiError {
    return new ApiError(403, 'svc_no_entitlement', `This site is not entitled to "${feature}".`, { feature });
  }

  static forbidden(message: string): ApiError {
    return new ApiError(403, 'svc_forbidden', message);
  }

  static notFound(message = 'No route or resource was found at this address.'): ApiError {
    return new ApiError(404, 'svc_not_found', message);
  }

  static methodNotAllowed(allowed: string[]): ApiError {
    return new ApiError(
      405,
      'svc_method_not_allowed',
      `Method not allowed here; use ${allowed.join(', ')}.`,
      {},
      {
        Allow: allowed.join(', '),
      },
    );
  }

  static invalidJson(detail: string): ApiError {
    return new ApiError(400, 'svc_invalid_json', `The request body is not valid JSON: ${detail}.`);
  }

  /**
   * `params` maps each bad field to what is wrong with it. At most MAX_REPORTED_PROBLEMS are
   * named, names and problems cut short; the rest (and `omitted` a collector did not keep) are
   * counted in `data.params_omitted` and the message ("… and 3 more").
   */
  static invalidRequest(params: Record<string, string>, omitted = 0): ApiError {
    const bounded = boundedParams(params, MAX_REPORTED_PROBLEMS, omitted);
    const fields = Object.keys(bounded.params).join(', ');
    const more = bounded.omitted > 0 ? ` and ${bounded.omitted} more` : '';
    const data = bounded.omitted > 0 ? { params: bounded.params, params_omitted: bounded.omitted } : { params: bounded.params };
    return new ApiError(400, 'svc_invalid_request', `Invalid parameter(s): ${fields}${more}.`, data);
  }

  static conflict(code: string, message: string): ApiError {
    return new ApiError(409, code, message);
  }

  static payloadTooLarge(limitBytes: number): ApiError {
    return new ApiError(413, 'svc_payload_too_large', `The request body exceeds ${limitBytes} bytes.`, {
      limit_bytes: limitBytes,
    });
  }

  static unsupportedMediaType(): ApiError {
    return new ApiError(415, 'svc_unsupported_media_type', 'Send the body as JSON with "Content-Type: application/json".');
  }

  static rateLimited(retryAfterSeconds: number): ApiError {
    return new ApiError(
      429,
      'svc_rate_limited',
      'Too many requests for this key; retry later.',
      {
        retry_after: retryAfterSeconds,
      },
      { 'Retry-After': String(retryAfterSeconds) },
    );
  }

  /** A key already has `limit` calls in flight on this worker (docs/api-notes.md, "Limits per key"). */
  static tooManyConcurrent(limit: number): ApiError {
    return new ApiError(
      429,
      'svc_too_many_concurrent',
      `This key already has ${limit} calls in flight, its limit; retry when one has ended.`,
      {
        limit,
        retry_after: 1,
      },
      { 'Retry-After': '1' },
    );
  }

  /** A stream reached SVC_STREAM_MAX_MS (phase "total"; docs/api-notes.md). */
  static streamTooLong(limitMs: number): ApiError {
    return new ApiError(504, 'svc_upstream_timeout', `The stream reached its maximum duration of ${limitMs / 1000} s and was ended.`, {
      phase: 'total',
      limit_ms: limitMs,
    });
  }

  /** Node's parser refused the request's header block (its limit: 16 KiB). */
  static headersTooLarge(): ApiError {
    return new ApiError(431, 'svc_request_headers_too_large', 'The request headers are too large (16 KiB in all at most).');
  }

  /** Node's parser could not read the request as HTTP/1.1. */
  static malformedHttp(): ApiError {
    return new ApiError(400, 'svc_invalid_request', 'The request could not be read as HTTP/1.1.');
  }

  /** The request's headers or body did not arrive within the server's time limit. */
  static requestTimeout(): ApiError {
    return new ApiError(408, 'svc_request_timeout', 'The request did not arrive in time.');
  }

  static notImplemented(area: string): ApiError {
    return new ApiError(501, 'svc_not_implemented', `The ${area} area of svc-hub is not available in this version yet.`, {
      area,
    });
  }

  static unavailable(message: string): ApiError {
    return new ApiError(503, 'svc_unavailable', message);
  }

  /** The svc-hub plugin is deactivated in WordPress (docs/architecture.md §1, "Deactivate means off"); retrying cannot cure it. */
  static hubDisabled(): ApiError {
    return new ApiError(
      503,
      'svc_hub_disabled',
      'svc-hub is switched off on this site: its WordPress plugin is not active. An administrator turns it on in wp-admin, Plugins → svc-hub → Activate.',
      {},
      { 'x-should-retry': 'false' },
    );
  }

  static internal(): ApiError {
    return new ApiError(500, 'svc_internal', 'An internal error occurred; it has been logged with the request id.');
  }
}
