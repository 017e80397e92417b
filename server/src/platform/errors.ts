/** One item of a validation error (contract §1.10). */
export interface FieldError {
  field: string;
  code: string;
  message: string;
  status: number;
}

export interface AppErrorOptions {
  description?: string;
  errors?: FieldError[];
  /** Endpoint context keys added to the body (e.g. `discussionID`, `recordIDs`, `permissions`). */
  context?: Record<string, unknown>;
  headers?: Record<string, string>;
}

/**
 * The one error type of the server: a status, a user-presentable message and optional field
 * errors. The error handler renders it as the contract's body `{message, status, description?, errors?}`.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly statusCode: number;
  readonly description: string | undefined;
  readonly errors: FieldError[] | undefined;
  readonly context: Record<string, unknown> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(status: number, message: string, options: AppErrorOptions = {}) {
    super(message);
    this.statusCode = status;
    this.description = options.description;
    this.errors = options.errors;
    this.context = options.context;
    this.headers = options.headers;
  }

  /** The JSON body of this error (contract §1.10). */
  toBody(): Record<string, unknown> {
    return {
      ...this.context,
      message: this.message,
      status: this.statusCode,
      ...(this.description === undefined ? {} : { description: this.description }),
      ...(this.errors === undefined ? {} : { errors: this.errors }),
    };
  }
}

/** `"<Type> not found."` with status 404 (contract §1.10). */
export function notFound(type: string, context?: Record<string, unknown>): AppError {
  return new AppError(404, `${type} not found.`, context ? { context } : {});
}

/**
 * A validation error: "Validation Failed" whose status is the highest item status
 * (422 for type/enum/length/range errors, 400 when only required or rule errors occur).
 */
export function validationError(errors: FieldError[]): AppError {
  const status = errors.reduce((highest, item) => Math.max(highest, item.status), 400);
  return new AppError(status, 'Validation Failed', { errors });
}

/** A single-field validation error, e.g. a model rule such as a duplicate name. */
export function fieldError(field: string, message: string, status = 400, code = 'invalid'): AppError {
  return validationError([{ field, code, message, status }]);
}

/** 403 with the contract's permission body (contract §1.10). */
export function permissionError(
  permissions: readonly string[],
  context: Record<string, unknown> = {},
): AppError {
  const description =
    permissions.length === 1
      ? `You need the ${permissions[0]} permission to do that.`
      : `You need one of ${permissions.join(', ')} permissions to do that.`;
  return new AppError(403, 'Permission Problem', {
    description,
    context: { permissions: [...permissions], ...context },
  });
}
