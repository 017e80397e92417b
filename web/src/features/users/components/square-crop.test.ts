import { describe, expect, it } from 'vitest';
import { centredSquare } from './square-crop.ts';

describe('centredSquare', () => {
  it('takes the centred square of a landscape, portrait or square picture', () => {
    expect(centredSquare(800, 600)).toEqual({ x: 100, y: 0, side: 600 });
    expect(centredSquare(300, 701)).toEqual({ x: 0, y: 200, side: 300 });
    expect(centredSquare(64, 64)).toEqual({ x: 0, y: 0, side: 64 });
  });
});
