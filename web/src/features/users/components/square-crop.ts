/** The side of the stored square photo (large enough for the 145 px xlarge avatar on HiDPI). */
export const PHOTO_SIDE = 512;

/**
 * The largest centred square of an image's box (issue 15: profile photos are square): the part
 * of the source to draw, in source pixels.
 */
export function centredSquare(width: number, height: number): { x: number; y: number; side: number } {
  const side = Math.min(width, height);
  return { x: Math.floor((width - side) / 2), y: Math.floor((height - side) / 2), side };
}

/**
 * Crops a picture to its centred square, at most PHOTO_SIDE pixels, as a PNG (or JPEG for JPEG
 * sources). Null when the browser cannot decode it: the original then goes to the server, whose
 * answer carries the spec's message (not an image, too big, wrong extension).
 */
export async function cropToSquare(file: File): Promise<File | null> {
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return null;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return null;
  }
  const { x, y, side } = centredSquare(bitmap.width, bitmap.height);
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
