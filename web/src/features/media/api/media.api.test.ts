import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api.ts';
import { resetUploadLimits, uploadMedia, type Media } from './media.api.ts';

const media: Media = {
  mediaID: 7,
  url: 'http://hearth.test/uploads/media/ab/x.png',
  name: 'cat.PNG',
  type: 'image/png',
  size: 4,
  width: 1,
  height: 1,
  displaySize: 'large',
  float: 'none',
  downloadUrl: 'http://hearth.test/uploads/media/ab/x.png',
  dateInserted: '2024-03-05T14:07:22+00:00',
  insertUserID: 3,
  foreignType: 'embed',
  foreignID: '3',
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function fileOf(name: string, size: number): File {
  return new File([new Uint8Array(size)], name);
}

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

afterEach(() => {
  resetUploadLimits();
});

describe('uploadMedia', () => {
  const limits = { maxSize: 1024 * 1024, allowedExtensions: ['png', 'tar.gz'] };

  it('refuses a file over the maximum with the spec message, without sending it', async () => {
    const fetchMock = vi.fn(async () => json(201, media));
    vi.stubGlobal('fetch', fetchMock);
    const error = await refusal(uploadMedia(fileOf('big.png', 1024 * 1024 + 1), limits));
    expect(error.status).toBe(422);
    expect(error.fieldMessages('file')).toEqual(['The uploaded file was too big (max 1 MB).']);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses an extension that is not allowed with the list, comparing case-insensitively', async () => {
    const fetchMock = vi.fn(async () => json(201, media));
    vi.stubGlobal('fetch', fetchMock);
    for (const name of ['page.html', 'logo.svg', 'no-extension']) {
      const error = await refusal(uploadMedia(fileOf(name, 10), limits));
      expect(error.fieldMessages('file')).toEqual([
        'The uploaded file did not have an allowed extension. Only the following extensions are allowed. png, tar.gz.',
      ]);
    }
    expect(fetchMock).not.toHaveBeenCalled();
    await expect(uploadMedia(fileOf('CAT.PNG', 10), limits)).resolves.toEqual(media);
    await expect(uploadMedia(fileOf('a.Tar.Gz', 10), limits)).resolves.toEqual(media);
    await expect(uploadMedia(fileOf('logo.svg', 10), { ...limits, allowSvg: true })).resolves.toEqual(media);
  });

  it('posts the file as the multipart field `file` and answers the Media', async () => {
    const fetchMock = vi.fn(async () => json(201, media));
    vi.stubGlobal('fetch', fetchMock);
    const file = fileOf('cat.PNG', 4);
    expect(await uploadMedia(file, limits)).toEqual(media);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v2/media');
    expect(init.method).toBe('POST');
    expect((init.body as FormData).get('file')).toBe(file);
  });

  it('fetches the limits from /config once when the page has none', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url.startsWith('/api/v2/config')
        ? json(200, { 'upload.maxSize': 10, 'upload.allowedExtensions': ['txt'] })
        : json(201, media),
    );
    vi.stubGlobal('fetch', fetchMock);
    const tooBig = await refusal(uploadMedia(fileOf('a.txt', 11)));
    expect(tooBig.fieldMessages('file')).toEqual(['The uploaded file was too big (max 10 B).']);
    await expect(uploadMedia(fileOf('a.txt', 10))).resolves.toEqual(media);
    const configCalls = fetchMock.mock.calls.filter(([url]) => url.startsWith('/api/v2/config'));
    expect(configCalls).toHaveLength(1);
    expect(configCalls[0]?.[0]).toBe('/api/v2/config?select=upload.maxSize%2Cupload.allowedExtensions');
  });

  it('passes the server’s validation errors on', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(422, {
          message: 'Validation Failed',
          status: 422,
          errors: [{ field: 'file', code: 'invalid', message: 'The uploaded file is not a valid image.', status: 422 }],
        }),
      ),
    );
    const error = await refusal(uploadMedia(fileOf('a.png', 4), limits));
    expect(error.fieldMessages('file')).toEqual(['The uploaded file is not a valid image.']);
  });
});
