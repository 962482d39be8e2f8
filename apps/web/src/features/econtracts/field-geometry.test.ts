import { describe, expect, it } from 'vitest';
import { A4_POINTS, boxAtDrop, clampBox, fitScale, MIN_FIELD_SIZE, moveBox, resizeBox, toPdf, toScreen } from './field-geometry.ts';

const page = { width: 600, height: 800 };

describe('field geometry', () => {
  it('converts a box between PDF points (lower-left origin) and screen pixels (upper-left origin)', () => {
    const box = { x: 100, y: 50, width: 120, height: 40 };
    expect(toScreen(box, page, 2)).toEqual({ left: 200, top: 1420, width: 240, height: 80 });
    expect(toPdf({ left: 200, top: 1420, width: 240, height: 80 }, page, 2)).toEqual(box);
    expect(toPdf(toScreen({ x: 12.3, y: 700.1, width: 80.5, height: 20 }, page, 1.37), page, 1.37)).toEqual({ x: 12.3, y: 700.1, width: 80.5, height: 20 });
  });

  it('keeps a box on its page and no smaller than the minimum', () => {
    expect(clampBox({ x: -10, y: -5, width: 50, height: 20 }, page)).toEqual({ x: 0, y: 0, width: 50, height: 20 });
    expect(clampBox({ x: 580, y: 790, width: 50, height: 20 }, page)).toEqual({ x: 550, y: 780, width: 50, height: 20 });
    expect(clampBox({ x: 10, y: 10, width: 2, height: 1 }, page)).toEqual({ x: 10, y: 10, ...MIN_FIELD_SIZE });
    expect(clampBox({ x: 0, y: 0, width: 900, height: 900 }, page)).toEqual({ x: 0, y: 0, width: 600, height: 800 });
  });

  it('moves with the drag: down on screen is down in the PDF', () => {
    expect(moveBox({ x: 100, y: 400, width: 100, height: 40 }, 20, 30, page, 2)).toEqual({ x: 110, y: 385, width: 100, height: 40 });
    expect(moveBox({ x: 100, y: 400, width: 100, height: 40 }, -1000, -1000, page, 1)).toEqual({ x: 0, y: 760, width: 100, height: 40 });
  });

  it('resizes from the lower-right corner keeping the upper-left corner', () => {
    const r = resizeBox({ x: 100, y: 400, width: 100, height: 40 }, 40, 20, page, 2);
    expect(r).toEqual({ x: 100, y: 390, width: 120, height: 50 });
    expect(r.y + r.height).toBe(440);
    const tiny = resizeBox({ x: 100, y: 400, width: 100, height: 40 }, -500, -500, page, 1);
    expect(tiny).toEqual({ x: 100, y: 440 - MIN_FIELD_SIZE.height, ...MIN_FIELD_SIZE });
    expect(resizeBox({ x: 550, y: 400, width: 40, height: 40 }, 500, 0, page, 1).width).toBe(50);
  });

  it('centres a dropped field on the drop point', () => {
    expect(boxAtDrop({ x: 300, y: 200 }, { width: 100, height: 40 }, page, 1)).toEqual({ x: 250, y: 580, width: 100, height: 40 });
    expect(boxAtDrop({ x: 0, y: 0 }, { width: 100, height: 40 }, page, 1)).toEqual({ x: 0, y: 760, width: 100, height: 40 });
  });

  it('scales a page to the width available', () => {
    expect(fitScale(A4_POINTS, 595.28)).toBeCloseTo(1);
    expect(fitScale(page, 100)).toBe(0.3);
  });
});
