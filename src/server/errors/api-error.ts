/** A classified API failure: code and status come from the DESIGN's error table. Below http/ so that the media and extract layers, which raise it, never import the HTTP layer. */
import { ERROR_STATUS, type ApiErrorBody, type ErrorCode, type ErrorSource } from '../../shared/api.ts';

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields?: Record<string, string>;
  readonly headers?: Record<string, string>;
  readonly source?: ErrorSource;
  readonly service?: 'threads';

  constructor(
    code: ErrorCode,
    message: string,
    options: { status?: number; fields?: Record<string, string>; headers?: Record<string, string>; source?: ErrorSource; service?: 'threads'; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.code = code;
    this.status = options.status ?? ERROR_STATUS[code];
    this.fields = options.fields;
    this.headers = options.headers;
    this.source = options.source;
    this.service = options.service;
  }

  toBody(): ApiErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.fields ? { fields: this.fields } : {}),
        ...(this.source ? { source: this.source } : {}),
        ...(this.service ? { service: this.service } : {}),
      },
    };
  }
}
