/** The side of the stored square photo (large enough for the 145 px xlarge avatar on HiDPI). */
export const PHOTO_SIDE = 512;

/**
 * The largest centred square of an image's box (issue 15: profile photos are square): the part
 * of the source to draw, in source pixels.
 */
export function centredSquare(
  width: number,
  height: number,
): { x: number; y: number; side: number } {
  const side = Math.min(width, height);
  return { x: Math.floor((width - side) / 2), y: Math.floor((height - side) / 2), side };
}

/** A square part of a picture, in its pixels. */
export interface Square {
  x: number;
  y: number;
  side: number;
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(Math.max(value, low), high);
}

/** The square moved and shrunk as needed to lie inside a `width` × `height` picture, whole pixels. */
export function clampSquare(square: Square, width: number, height: number): Square {
  const side = clamp(Math.round(square.side), 1, Math.min(width, height));
  return {
    x: clamp(Math.round(square.x), 0, width - side),
    y: clamp(Math.round(square.y), 0, height - side),
    side,
  };
}

/** The square moved by (dx, dy) pixels, stopping at the picture's edges. */
export function moveSquare(
  square: Square,
  dx: number,
  dy: number,
  width: number,
  height: number,
): Square {
  return clampSquare({ ...square, x: square.x + dx, y: square.y + dy }, width, height);
}

/** The square with a new side about the same centre, kept inside the picture. */
export function resizeSquare(square: Square, side: number, width: number, height: number): Square {
  const centreX = square.x + square.side / 2;
  const centreY = square.y + square.side / 2;
  const next = clamp(Math.round(side), 1, Math.min(width, height));
  return clampSquare({ x: centreX - next / 2, y: centreY - next / 2, side: next }, width, height);
}

/**
 * Crops a picture to `region` (the member's choice in the cropper) or else its centred square, at most PHOTO_SIDE pixels, as a PNG (or JPEG for JPEG
 * sources). Null when the browser cannot decode it: the original then goes to the server, whose
 * answer carries the spec's message (not an image, too big, wrong extension).
 */
export async function cropToSquare(file: File, region?: Square): Promise<File | null> {
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return null;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return null;
  }
  const { x, y, side } =
    region === undefined
      ? centredSquare(bitmap.width, bitmap.height)
      : clampSquare(region, bitmap.width, bitmap.height);
  const target = Math.min(side, PHOTO_SIDE);
  const canvas = document.createElement('canvas');
  canvas.width = target;
  canvas.height = target;
  const context = canvas.getContext('2d');
  if (context === null) return null;
  context.drawImage(bitmap, x, y, side, side, 0, 0, target, target);
  bitmap.close();
  const type = file.type === 'image/jpeg' ? 'image/jpeg' : 'image/png';
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.9));
  if (blob === null) return null;
  const base = file.name.replace(/\.[^.]*$/, '') || 'photo';
  return new File([blob], `${base}.${type === 'image/jpeg' ? 'jpg' : 'png'}`, { type });
}
