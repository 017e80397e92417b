import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { z } from 'zod';
import { randomToken } from './secrets.ts';

/** Public URL prefix of stored uploads (`DATA_DIR/uploads/<path>` → `/uploads/<path>`). */
export const UPLOADS_URL_PREFIX = '/uploads/';

/** Built-in avatars (api-contract §1.14 "default avatar", §3 "banned users get the banned avatar"). */
export const DEFAULT_AVATAR_PATH = 'defaults/avatar.svg';
export const BANNED_AVATAR_PATH = 'defaults/banned.svg';

/** Image types accepted for pictures, with their file extensions (first one is used when saving). */
export const imageTypes = {
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
} as const;

export type ImageType = keyof typeof imageTypes;

/** Extensions of the accepted image types, lower-case. */
export const imageExtensions: readonly string[] = Object.values(imageTypes).flat();

// Stored paths are always generated here: folder segments and a random name with a known extension.
const STORED_PATH = /^[a-z0-9-]+(\/[a-z0-9-]+)*\/[A-Za-z0-9_-]{8,64}\.[a-z0-9]{2,5}$/;
const FOLDER = /^[a-z0-9-]+(\/[a-z0-9-]+)*$/;

/** The directory holding uploads. */
export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

/** Whether a value is a path this module stored (not a URL, no traversal). */
export function isStoredUploadPath(value: string): boolean {
  return STORED_PATH.test(value);
}

/** The absolute public URL of a stored upload path. */
export function uploadUrl(baseUrl: string, storedPath: string): string {
  return `${baseUrl}${UPLOADS_URL_PREFIX}${storedPath}`;
}

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

/**
 * The image type proven by a file's first bytes (its "magic number"), or null. The client's file
 * name and content type are never trusted.
 */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (
    startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) &&
    (bytes[4] === 0x37 || bytes[4] === 0x39) &&
    bytes[5] === 0x61
  )
    return 'image/gif';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return 'image/webp';
  return null;
}

/** The lower-case extension of a client file name, without the dot ('' when none). */
export function extensionOf(fileName: string): string {
  const base = path.basename(fileName);
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot + 1).toLowerCase();
}

export interface SavedUpload {
  /** Path relative to the uploads directory, e.g. `userpics/k3/Qm9v….png`; store this. */
  path: string;
  size: number;
  type: string;
}

/**
 * A new random path under `DATA_DIR/uploads/<folder>/<shard>/` with the given extension (never
 * the client's name), its folder created: `relative` is what is stored, `target` the file.
 */
async function newUploadTarget(
  dataDir: string,
  folder: string,
  extension: string,
): Promise<{ relative: string; target: string }> {
  if (!FOLDER.test(folder)) throw new Error(`Invalid upload folder: ${folder}`);
  if (!/^[a-z0-9]{2,5}$/.test(extension)) throw new Error(`Invalid upload extension: ${extension}`);
  const name = randomToken(18);
  const shard = name
    .slice(0, 2)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '0');
  const relative = `${folder}/${shard}/${name}.${extension}`;
  const target = path.join(uploadsDir(dataDir), relative);
  await fs.mkdir(path.dirname(target), { recursive: true });
  return { relative, target };
}

/**
 * Writes bytes under `DATA_DIR/uploads/<folder>/` with a random name and the given extension
 * (never the client's name). The file is written to a temporary name first, then renamed.
 */
export async function saveUpload(
  dataDir: string,
  input: { folder: string; bytes: Uint8Array; extension: string; type: string },
): Promise<SavedUpload> {
  const { relative, target } = await newUploadTarget(dataDir, input.folder, input.extension);
  const temporary = `${target}.${randomToken(6)}.tmp`;
  await fs.writeFile(temporary, input.bytes, { flag: 'wx', mode: 0o644 });
  await fs.rename(temporary, target);
  return { path: relative, size: input.bytes.byteLength, type: input.type };
}

/** How many leading bytes of a received file are kept in memory (type detection, image size). */
export const UPLOAD_HEAD_BYTES = 512 * 1024;

/** A file streamed to a temporary place, not yet stored. */
export interface ReceivedUpload {
  temporaryPath: string;
  size: number;
  /** The first UPLOAD_HEAD_BYTES bytes (all of a small file). */
  head: Buffer;
  /** More than `maxBytes` arrived: the file was cut and must be refused. */
  tooBig: boolean;
}

function incomingDir(dataDir: string): string {
  return path.join(dataDir, 'incoming-uploads');
}

/**
 * Streams a file to `DATA_DIR/incoming-uploads/` (outside the served folder), stopping past
 * `maxBytes`, so large uploads never sit in memory. Commit it with `commitUpload` or drop it with
 * `discardUpload`.
 */
export async function receiveUpload(
  dataDir: string,
  stream: Readable,
  maxBytes: number,
): Promise<ReceivedUpload> {
  const directory = incomingDir(dataDir);
  await fs.mkdir(directory, { recursive: true });
  const temporaryPath = path.join(directory, `${randomToken(18)}.tmp`);
  const headChunks: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  let tooBig = false;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) {
        tooBig = true;
        // Stop writing; the rest of the stream is still read (and dropped) so the request ends cleanly.
        callback();
        return;
      }
      if (headLength < UPLOAD_HEAD_BYTES) {
        const part = chunk.subarray(0, UPLOAD_HEAD_BYTES - headLength);
        headChunks.push(part);
        headLength += part.length;
      }
      callback(null, chunk);
    },
  });
  try {
    await pipeline(stream, counter, createWriteStream(temporaryPath, { flags: 'wx', mode: 0o644 }));
  } catch (error) {
    await fs.rm(temporaryPath, { force: true });
    throw error;
  }
  return { temporaryPath, size: Math.min(size, maxBytes + 1), head: Buffer.concat(headChunks), tooBig };
}

/** Moves a received file under `DATA_DIR/uploads/<folder>/` with a random name; returns the stored path. */
export async function commitUpload(
  dataDir: string,
  upload: ReceivedUpload,
  input: { folder: string; extension: string },
): Promise<string> {
  const { relative, target } = await newUploadTarget(dataDir, input.folder, input.extension);
  await fs.rename(upload.temporaryPath, target);
  return relative;
}

/** Removes a received file that will not be stored. */
export async function discardUpload(upload: ReceivedUpload): Promise<void> {
  await fs.rm(upload.temporaryPath, { force: true });
}

/** Removes a stored upload; paths this module did not generate, and missing files, are ignored. */
export async function deleteUpload(dataDir: string, storedPath: string): Promise<void> {
  if (!isStoredUploadPath(storedPath)) return;
  const root = uploadsDir(dataDir);
  const target = path.resolve(root, storedPath);
  if (!target.startsWith(root + path.sep)) return;
  await fs.rm(target, { force: true });
}

const avatarSvg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" role="img">${body}</svg>`;

const builtInFiles: Record<string, string> = {
  [DEFAULT_AVATAR_PATH]: avatarSvg(
    '<title>User</title><rect width="64" height="64" fill="#d8dde3"/><circle cx="32" cy="25" r="12" fill="#8a96a3"/><path d="M10 60c2-13 11-20 22-20s20 7 22 20z" fill="#8a96a3"/>',
  ),
  [BANNED_AVATAR_PATH]: avatarSvg(
    '<title>Banned user</title><rect width="64" height="64" fill="#e6d3d3"/><circle cx="32" cy="32" r="20" fill="none" stroke="#a33" stroke-width="6"/><path d="M18 46L46 18" stroke="#a33" stroke-width="6"/>',
  ),
};

/** Types served inline: raster images only, which a browser never runs (never SVG, which can script). */
const inlineTypes: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  ico: 'image/x-icon',
};

/**
 * How a stored file is served: raster images as themselves, anything else (SVG, HTML, PDF,
 * archives…) as an `application/octet-stream` download, whatever its name says.
 */
export function servedTypeOf(storedPath: string): { contentType: string; inline: boolean } {
  const type = inlineTypes[extensionOf(storedPath)];
  return type === undefined
    ? { contentType: 'application/octet-stream', inline: false }
    : { contentType: type, inline: true };
}

// Uploaded files are served inert: no sniffing, no scripts, no embedding of other resources.
function setSafeHeaders(reply: FastifyReply): void {
  reply.header('x-content-type-options', 'nosniff');
  reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  reply.header('cross-origin-resource-policy', 'same-site');
}

/**
 * Serves `DATA_DIR/uploads` at `/uploads/*` (and the built-in avatars). Stored names are random
 * and never reused, so files are cached for a year. Register at the root (not under `/api/v2`).
 */
export async function uploadsStaticRoutes(app: FastifyInstance): Promise<void> {
  const root = uploadsDir(app.deps.config.dataDir);
  await fs.mkdir(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    serve: false,
    decorateReply: true,
    dotfiles: 'deny',
    index: false,
    // Runs after the static handler set its own headers: the type never follows a risky extension.
    setHeaders: (response, filePath) => {
      const served = servedTypeOf(filePath);
      response.header('content-type', served.contentType);
      if (!served.inline) response.header('content-disposition', 'attachment');
    },
  });

  for (const [file, svg] of Object.entries(builtInFiles)) {
    app.get(
      `${UPLOADS_URL_PREFIX}${file}`,
      { config: { anonymous: true }, schema: { hide: true } },
      async (_request, reply) => {
        setSafeHeaders(reply);
        reply.header('cache-control', 'public, max-age=86400');
        return reply.type('image/svg+xml; charset=utf-8').send(svg);
      },
    );
  }

  app.get(
    `${UPLOADS_URL_PREFIX}*`,
    {
      config: { anonymous: true },
      schema: { hide: true, params: z.object({ '*': z.string().max(500) }) },
    },
    async (request, reply) => {
      const storedPath = (request.params as { '*': string })['*'];
      if (!isStoredUploadPath(storedPath)) return reply.callNotFound();
      setSafeHeaders(reply);
      return reply.sendFile(storedPath, root, {
        maxAge: 365 * 24 * 60 * 60 * 1000,
        immutable: true,
        dotfiles: 'deny',
      });
    },
  );
}
