import { describe, expect, it } from 'vitest';
import { pageCount, pageWindow } from '../../ui/src/core/pageWindow';

describe('page window (seed 000 §9: 10 per page, at most 4 page numbers)', () => {
  it('counts pages of 10', () => {
    expect(pageCount(0, 10)).toBe(0);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(95, 10)).toBe(10);
  });

  it('shows every page when there are at most 4', () => {
    expect(pageWindow(1, 3, 4)).toEqual([1, 2, 3]);
    expect(pageWindow(3, 4, 4)).toEqual([1, 2, 3, 4]);
  });

  it('keeps the current page inside 4 numbers, as central as it can', () => {
    expect(pageWindow(1, 10, 4)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(2, 10, 4)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(5, 10, 4)).toEqual([4, 5, 6, 7]);
    expect(pageWindow(9, 10, 4)).toEqual([7, 8, 9, 10]);
    expect(pageWindow(10, 10, 4)).toEqual([7, 8, 9, 10]);
  });

  it('clamps a page out of range and answers nothing without pages', () => {
    expect(pageWindow(99, 10, 4)).toEqual([7, 8, 9, 10]);
    expect(pageWindow(0, 10, 4)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(1, 0, 4)).toEqual([]);
  });

  it('every window holds the current page and at most 4 numbers', () => {
    for (let pages = 1; pages <= 12; pages++) {
      for (let current = 1; current <= pages; current++) {
        const w = pageWindow(current, pages, 4);
        expect(w).toContain(current);
        expect(w.length).toBe(Math.min(4, pages));
      }
    }
  });
});
