import { describe, expect, it } from 'vitest';
import { centredSquare, clampSquare, moveSquare, resizeSquare } from './square-crop.ts';

describe('centredSquare', () => {
  it('takes the centred square of a landscape, portrait or square picture', () => {
    expect(centredSquare(800, 600)).toEqual({ x: 100, y: 0, side: 600 });
    expect(centredSquare(300, 701)).toEqual({ x: 0, y: 200, side: 300 });
    expect(centredSquare(64, 64)).toEqual({ x: 0, y: 0, side: 64 });
  });
});

describe('moving and sizing the crop square', () => {
  it('stops at the picture’s edges', () => {
    const square = { x: 100, y: 0, side: 600 };
    expect(moveSquare(square, 500, -40, 800, 600)).toEqual({ x: 200, y: 0, side: 600 });
    expect(moveSquare({ x: 10, y: 10, side: 50 }, -30, 25.4, 800, 600)).toEqual({
      x: 0,
      y: 35,
      side: 50,
    });
  });

  it('resizes about the centre and never beyond the short side', () => {
    expect(resizeSquare({ x: 100, y: 0, side: 600 }, 300, 800, 600)).toEqual({
      x: 250,
      y: 150,
      side: 300,
    });
    expect(resizeSquare({ x: 0, y: 0, side: 100 }, 5000, 800, 600)).toEqual({
      x: 0,
      y: 0,
      side: 600,
    });
    expect(clampSquare({ x: -5, y: 590, side: 20 }, 800, 600)).toEqual({ x: 0, y: 580, side: 20 });
  });
});
