import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../platform/errors.ts';

/** Maps Fastify's own client errors (bad JSON, body too large, bad content type…) to the contract's body. */
function fromFastifyError(error: FastifyError): AppError | null {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError(400, 'The request body is not valid JSON.', { description: error.message });
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError(413, 'The request body is too large.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError(415, 'Unsupported content type.', { description: error.message });
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError(400, 'Invalid Content-Length header.');
    default:
      break;
  }
  if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
    return new AppError(error.statusCode, error.message);
  }
  return null;
}

/** Sends an AppError as the contract's error body (contract §1.10). */
export function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  if (error.headers) reply.headers(error.headers);
  return reply.status(error.statusCode).type('application/json; charset=utf-8').send(error.toBody());
}

/**
 * Installs the one error handler. Bad input never answers 500:
 * only a genuine server fault does, and its details stay in the log.
 */
export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) return sendError(reply, error);
    const mapped = fromFastifyError(error as FastifyError);
    if (mapped) {
      request.log.info({ err: error }, 'client error');
      return sendError(reply, mapped);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, new AppError(500, 'Something went wrong.'));
  });

}
