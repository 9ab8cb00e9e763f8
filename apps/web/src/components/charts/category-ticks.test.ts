import { describe, expect, it } from 'vitest';
import { categoryTicks } from './category-ticks';

const pad = (value: number) => String(value).padStart(2, '0');
const hours = Array.from({ length: 24 }, (_, hour) => `${pad(hour)}:00`);

describe('categoryTicks', () => {
  it('ticks a day of hours on round hours from midnight, whatever is drawn', () => {
    expect(categoryTicks(hours, 11)).toEqual(['00:00', '04:00', '08:00', '12:00', '16:00', '20:00']);
  });

  it('ticks 10-minute readings every four hours', () => {
    const readings = Array.from({ length: 144 }, (_, index) => {
      const minutes = index * 10;
      return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
    });
    expect(categoryTicks(readings, 11)).toEqual(['00:00', '04:00', '08:00', '12:00', '16:00', '20:00']);
  });

  it('spaces long day-and-time labels further, on the same clock time', () => {
    const twoHourly = Array.from({ length: 84 }, (_, index) => {
      const hour = index * 2;
      return `11/${1 + Math.floor(hour / 24)}, ${pad(hour % 24)}:00`;
    });
    expect(categoryTicks(twoHourly, 11)).toEqual(['11/1, 00:00', '11/4, 00:00', '11/7, 00:00']);
  });

  it('keeps every label of a short series', () => {
    expect(categoryTicks(['00:00', '01:00'], 11)).toEqual(['00:00', '01:00']);
    expect(categoryTicks([], 11)).toEqual([]);
  });
});
