// The one error shape that crosses the UI ⇄ background boundary. structuredClone drops class
// identity, so errors travel as plain data and are revived on the UI side.

export interface WireErrorDetail {
  code: number;
  type: string;
  message: string;
}

export interface WireError {
  /** Machine-readable reason: an interface error code as a string ('7301'), or a product reason ('needs-relink'). */
  code: string;
  /** Readable, redacted sentence for people. */
  message: string;
  /** The API operation that failed, when there was one. */
  operation?: string;
  status?: number;
  details?: WireErrorDetail[];
  /** Field-level problems for form input, keyed by field name. */
  fields?: Record<string, string>;
  /** Epoch ms at which the service's request limit resets (a 429 that said so). */
  resetAt?: number;
}

export class DeskError extends Error {
  readonly code: string;
  readonly operation?: string;
  readonly status?: number;
  readonly details: WireErrorDetail[];
  readonly fields: Record<string, string>;
  readonly resetAt?: number;

  constructor(wire: WireError) {
    super(wire.message);
    this.name = 'DeskError';
    this.code = wire.code;
    this.operation = wire.operation;
    this.status = wire.status;
    this.details = wire.details ?? [];
    this.fields = wire.fields ?? {};
    this.resetAt = wire.resetAt;
  }

  toWire(): WireError {
    return {
      code: this.code,
      message: this.message,
      operation: this.operation,
      status: this.status,
      details: this.details,
      fields: this.fields,
      ...(this.resetAt ? { resetAt: this.resetAt } : {}),
    };
  }
}

export function isWireError(value: unknown): value is WireError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as WireError).code === 'string' &&
    typeof (value as WireError).message === 'string'
  );
}
