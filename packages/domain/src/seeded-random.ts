/**
 * mulberry32: a tiny seeded generator of numbers in [0, 1), so the same seed always gives the same sequence
 * (gap filling that repeats itself, demo herds and benchmark data that are the same on every run). Fast and
 * good enough to vary data; never for anything secret.
 */
export const seededRandom = (seed: number): (() => number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
};
