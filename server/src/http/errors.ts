import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
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

/**
 * The multipart reader (@fastify/busboy) rejects a truncated or malformed body (no boundary, a
 * body that ends inside a part) with plain errors that carry no code or status.
 */
const MALFORMED_MULTIPART = /multipart data|boundary (not found|required)|malformed part header/i;

function fromMultipartError(error: Error, request: FastifyRequest): AppError | null {
  const contentType = request.headers['content-type'] ?? '';
  if (!/^multipart\//i.test(contentType) || (error as { code?: unknown }).code !== undefined) return null;
  if (!MALFORMED_MULTIPART.test(error.message)) return null;
  return new AppError(400, 'The request body is not valid multipart/form-data.', { description: error.message });
}

/** Sends an AppError as the contract's error body (contract §1.10). */
export function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  if (error.headers) reply.headers(error.headers);
  return reply.status(error.statusCode).type('application/json; charset=utf-8').send(error.toBody());
}

const CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, message: 'The request headers are too large.' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive.' },
};

/**
 * Answers a request that Node's HTTP parser refused before Fastify saw it (headers past Node's
 * 16 KB limit, a malformed request line, a timeout) with the contract's body instead of a bare one.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const known = CLIENT_ERRORS[error.code ?? ''] ?? { status: 400, message: 'The request is malformed.' };
  // A response already under way on this connection cannot take a second status line.
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const body = JSON.stringify(new AppError(known.status, known.message).toBody());
    socket.write(
      `HTTP/1.1 ${known.status} ${STATUS_CODES[known.status] ?? ''}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * Installs the one error handler. Bad input never answers 500:
 * only a genuine server fault does, and its details stay in the log.
 */
export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) return sendError(reply, error);
    const mapped = fromFastifyError(error as FastifyError) ?? fromMultipartError(error, request);
    if (mapped) {
      request.log.info({ err: error }, 'client error');
      return sendError(reply, mapped);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, new AppError(500, 'Something went wrong.'));
  });
  // Fastify's own 'clientError' listener answers in its own shape (no `status`).
  app.server.removeAllListeners('clientError');
  app.server.on('clientError', answerClientError);

  // A request that arrives while the server shuts down (app.ts turns off Fastify's own 503, whose
  // body lacks `status`): the contract's 503, and the connection is not kept.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    reply.header('connection', 'close');
    return sendError(reply, new AppError(503, 'The server is shutting down.'));
  });

}
