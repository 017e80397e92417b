import { useId, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { t } from '../../../lib/i18n.ts';
import { centredSquare, moveSquare, resizeSquare, type Square } from './square-crop.ts';
import styles from './PhotoCropper.module.css';

/** A picture's size in its own pixels (known once it has loaded). */
export interface PictureSize {
  width: number;
  height: number;
}

interface PhotoCropperProps {
  /** An object URL of the chosen file. */
  src: string;
  size: PictureSize | null;
  crop: Square | null;
  /** The picture loaded: its size and the centred square to start from. */
  onLoad: (size: PictureSize, crop: Square) => void;
  /** The browser could not show the picture (the file then goes uncropped; the server says why). */
  onError: () => void;
  onCropChange: (crop: Square) => void;
}

/** The smallest square the zoom reaches: a tenth of the picture's short side (at least 16 px). */
function smallestSide(size: PictureSize): number {
  const short = Math.min(size.width, size.height);
  return Math.min(short, Math.max(16, Math.round(short / 10)));
}

/**
 * Issue 15: the photo's square crop in Edit Profile. The square (a button, so it takes the focus) is dragged with a pointer (mouse
 * or finger) or moved with the arrow keys (Shift: further), sized with + and − or the Zoom slider;
 * a preview shows the square as the avatar will. Positions are in the picture's pixels, so the
 * crop is the same whatever size the picture is shown at (375 px phones included).
 */
export function PhotoCropper({
  src,
  size,
  crop,
  onLoad,
  onError,
  onCropChange,
}: PhotoCropperProps) {
  const frame = useRef<HTMLDivElement>(null);
  const drag = useRef<{ pointerID: number; x: number; y: number; crop: Square } | null>(null);
  const hintID = useId();
  const zoomID = useId();

  const ready = size !== null && crop !== null;
  const largest = size === null ? 1 : Math.min(size.width, size.height);
  const zoom = crop === null ? 100 : Math.round((largest / crop.side) * 100);
  const maxZoom = size === null ? 100 : Math.floor((largest / smallestSide(size)) * 100);

  /** Picture pixels per CSS pixel of the shown picture. */
  const scale = () => {
    const box = frame.current?.getBoundingClientRect();
    return size === null || box === undefined || box.width === 0 ? 1 : size.width / box.width;
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!ready) return;
    const step = Math.max(1, Math.round(crop.side / 20)) * (event.shiftKey ? 5 : 1);
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    let next: Square | null = null;
    if (move) next = moveSquare(crop, move[0], move[1], size.width, size.height);
    else if (event.key === '+' || event.key === '=')
      next = resizeSquare(
        crop,
        Math.max(smallestSide(size), crop.side * 0.9),
        size.width,
        size.height,
      );
    else if (event.key === '-' || event.key === '_')
      next = resizeSquare(crop, crop.side / 0.9, size.width, size.height);
    if (next === null) return;
    event.preventDefault();
    onCropChange(next);
  };

  const handlePointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (!ready) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    event.currentTarget.focus();
    drag.current = { pointerID: event.pointerId, x: event.clientX, y: event.clientY, crop };
  };
  const handlePointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const start = drag.current;
    if (!ready || start?.pointerID !== event.pointerId) return;
    const ratio = scale();
    onCropChange(
      moveSquare(
        start.crop,
        (event.clientX - start.x) * ratio,
        (event.clientY - start.y) * ratio,
        size.width,
        size.height,
      ),
    );
  };
  const endDrag = () => {
    drag.current = null;
  };

  const percent = (value: number, of: number) => `${String((value / of) * 100)}%`;
  return (
    <div className={styles.cropper}>
      <div className={styles.frame} ref={frame}>
        <img
          className={styles.picture}
          src={src}
          alt=""
          draggable={false}
          onLoad={(event) => {
            const { naturalWidth: width, naturalHeight: height } = event.currentTarget;
            if (width > 0 && height > 0) onLoad({ width, height }, centredSquare(width, height));
            else onError();
          }}
          onError={onError}
        />
        {ready ? (
          <button
            type="button"
            className={styles.selection}
            aria-label={t('Photo crop area')}
            aria-describedby={hintID}
            data-crop={`${String(crop.x)},${String(crop.y)},${String(crop.side)}`}
            style={{
              left: percent(crop.x, size.width),
              top: percent(crop.y, size.height),
              width: percent(crop.side, size.width),
              height: percent(crop.side, size.height),
            }}
            onKeyDown={handleKeyDown}
            onPointerDown={handlePointerDown}
            onPointerMove={handlePointerMove}
            onPointerUp={endDrag}
            onPointerCancel={endDrag}
          />
        ) : null}
      </div>
      {ready ? (
        <div className={styles.controls}>
          <div
            className={styles.preview}
            aria-hidden="true"
            style={{
              backgroundImage: `url("${src}")`,
              backgroundSize: `${percent(size.width, crop.side)} ${percent(size.height, crop.side)}`,
              backgroundPosition: `${size.width === crop.side ? '0%' : percent(crop.x, size.width - crop.side)} ${size.height === crop.side ? '0%' : percent(crop.y, size.height - crop.side)}`,
            }}
          />
          <div className={styles.zoom}>
            <label htmlFor={zoomID}>{t('Zoom')}</label>
            <input
              id={zoomID}
              type="range"
              min={100}
              max={maxZoom}
              step={1}
              value={zoom}
              disabled={maxZoom <= 100}
              aria-valuetext={`${String(zoom)}%`}
              onChange={(event) =>
                onCropChange(
                  resizeSquare(
                    crop,
                    (largest * 100) / Number(event.target.value),
                    size.width,
                    size.height,
                  ),
                )
              }
            />
          </div>
          <p id={hintID} className={styles.hint}>
            {t(
              'Drag the square or use the arrow keys to choose the part of the picture to keep; + and − zoom.',
            )}
          </p>
        </div>
      ) : null}
    </div>
  );
}
