import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { PhotoCropper, type PictureSize } from './PhotoCropper.tsx';
import type { Square } from './square-crop.ts';

afterEach(cleanup);

/** The cropper as Edit Profile holds it; `last` is the crop it would upload. */
function Harness({ onCrop }: { onCrop: (crop: Square) => void }) {
  const [size, setSize] = useState<PictureSize | null>(null);
  const [crop, setCrop] = useState<Square | null>(null);
  const [failed, setFailed] = useState(false);
  if (failed) return <p>undecodable</p>;
  return (
    <PhotoCropper
      src="blob:photo"
      size={size}
      crop={crop}
      onLoad={(loaded, centred) => {
        setSize(loaded);
        setCrop(centred);
        onCrop(centred);
      }}
      onError={() => setFailed(true)}
      onCropChange={(next) => {
        setCrop(next);
        onCrop(next);
      }}
    />
  );
}

function loadPicture(width: number, height: number) {
  const picture = document.querySelector('img')!;
  Object.defineProperty(picture, 'naturalWidth', { value: width });
  Object.defineProperty(picture, 'naturalHeight', { value: height });
  fireEvent.load(picture);
}

describe('PhotoCropper', () => {
  it('starts at the centred square and moves it with the arrow keys, stopping at the edge', () => {
    const crops: Square[] = [];
    render(<Harness onCrop={(crop) => crops.push(crop)} />);
    loadPicture(800, 600);
    const area = screen.getByRole('button', { name: 'Photo crop area' });
    expect(crops.at(-1)).toEqual({ x: 100, y: 0, side: 600 });
    fireEvent.keyDown(area, { key: 'ArrowLeft' });
    expect(crops.at(-1)).toEqual({ x: 70, y: 0, side: 600 });
    fireEvent.keyDown(area, { key: 'ArrowLeft', shiftKey: true });
    expect(crops.at(-1)).toEqual({ x: 0, y: 0, side: 600 });
    fireEvent.keyDown(area, { key: 'ArrowUp' });
    expect(crops.at(-1)).toEqual({ x: 0, y: 0, side: 600 });
  });

  it('zooms with + and − and with the Zoom slider, keeping the square inside the picture', () => {
    const crops: Square[] = [];
    render(<Harness onCrop={(crop) => crops.push(crop)} />);
    loadPicture(800, 600);
    const area = screen.getByRole('button', { name: 'Photo crop area' });
    fireEvent.keyDown(area, { key: '+' });
    expect(crops.at(-1)).toEqual({ x: 130, y: 30, side: 540 });
    fireEvent.change(screen.getByLabelText('Zoom'), { target: { value: '200' } });
    expect(crops.at(-1)).toEqual({ x: 250, y: 150, side: 300 });
    fireEvent.keyDown(area, { key: '-' });
    expect(crops.at(-1)?.side).toBe(333);
    expect((screen.getByLabelText('Zoom') as HTMLInputElement).value).toBe('180');
  });

  it('drags the square by pointer in the picture’s pixels', () => {
    const crops: Square[] = [];
    render(<Harness onCrop={(crop) => crops.push(crop)} />);
    loadPicture(800, 600);
    const area = screen.getByRole('button', { name: 'Photo crop area' });
    // jsdom lays nothing out: the picture's box is 0 wide, so one CSS pixel is one picture pixel.
    fireEvent.pointerDown(area, { pointerId: 1, clientX: 50, clientY: 50 });
    fireEvent.pointerMove(area, { pointerId: 1, clientX: 10, clientY: 80 });
    fireEvent.pointerUp(area, { pointerId: 1 });
    expect(crops.at(-1)).toEqual({ x: 60, y: 0, side: 600 });
  });

  it('gives way when the browser cannot show the file', () => {
    render(<Harness onCrop={() => undefined} />);
    fireEvent.error(document.querySelector('img')!);
    expect(screen.getByText('undecodable')).toBeTruthy();
  });
});
