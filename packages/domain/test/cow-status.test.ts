import { describe, it, expect } from 'vitest';
import {
  COW_STATUSES,
  canApplyLifecycleEvent,
  isCowStatus,
  isCulled,
  isCulledStoredValue,
  nextStatusAfter,
  parityAfter,
  parseStoredStatus,
  storedStatusValue,
  type CowStatus,
  type LifecycleEvent,
} from '../src/cow-status';

describe('stored status values', () => {
  it.each<[CowStatus, string]>([
    ['culled', '도태'],
    ['estrusDetection', '발정탐지'],
    ['fattening', '비육'],
    ['waitingForSettings', '설정대기'],
    ['pregnancy', '임신'],
    ['lactation', '포유'],
    ['pregnancyConfirm', '임신감정'],
  ])('%s is stored as %s and parsed back', (status, stored) => {
    expect(storedStatusValue(status)).toBe(stored);
    expect(parseStoredStatus(stored)).toBe(status);
  });

  it('has exactly the seven statuses', () => {
    expect(COW_STATUSES).toHaveLength(7);
  });

  it('reads 발정감지 as estrus detection but writes 발정탐지', () => {
    expect(parseStoredStatus('발정감지')).toBe('estrusDetection');
    expect(storedStatusValue('estrusDetection')).toBe('발정탐지');
  });

  it.each(['', 'pregnancy', ' 임신', '임신 ', '임', 'culled'])('does not recognise %j', (stored) => {
    expect(parseStoredStatus(stored)).toBeUndefined();
  });

  it.each<[unknown, boolean]>([
    ['lactation', true],
    ['Lactation', false],
    ['포유', false],
    [undefined, false],
  ])('isCowStatus(%j) is %s', (value, expected) => {
    expect(isCowStatus(value)).toBe(expected);
  });
});

describe('culled', () => {
  it.each<[CowStatus, boolean]>(COW_STATUSES.map((status) => [status, status === 'culled']))(
    'isCulled(%s) is %s',
    (status, expected) => {
      expect(isCulled(status)).toBe(expected);
    },
  );

  it.each([
    ['도태', true],
    ['임신', false],
    ['', false],
  ])('isCulledStoredValue(%j) is %s', (stored, expected) => {
    expect(isCulledStoredValue(stored)).toBe(expected);
  });
});

describe('lifecycle', () => {
  it.each<[LifecycleEvent, CowStatus]>([
    [{ kind: 'fertilization' }, 'pregnancyConfirm'],
    [{ kind: 'pregnancyResult', result: 'pregnant' }, 'pregnancy'],
    [{ kind: 'pregnancyResult', result: 'unpregnant' }, 'estrusDetection'],
    [{ kind: 'pregnancyResult', result: 'abort' }, 'estrusDetection'],
    [{ kind: 'calving' }, 'lactation'],
    [{ kind: 'endLactation' }, 'estrusDetection'],
    [{ kind: 'convertToFattening' }, 'fattening'],
    [{ kind: 'eliminate' }, 'culled'],
    [{ kind: 'forceChange', status: 'pregnancy' }, 'pregnancy'],
  ])('%j -> %s', (event, status) => {
    expect(nextStatusAfter(event)).toBe(status);
  });

  it.each<[CowStatus, LifecycleEvent, boolean]>([
    ['culled', { kind: 'fertilization' }, false],
    ['culled', { kind: 'forceChange', status: 'pregnancy' }, false],
    ['culled', { kind: 'eliminate' }, false],
    ['lactation', { kind: 'endLactation' }, true],
    ['pregnancy', { kind: 'endLactation' }, false],
    ['estrusDetection', { kind: 'endLactation' }, false],
    ['waitingForSettings', { kind: 'pregnancyResult', result: 'pregnant' }, true],
    ['estrusDetection', { kind: 'fertilization' }, true],
    ['pregnancy', { kind: 'calving' }, true],
    ['fattening', { kind: 'eliminate' }, true],
    ['lactation', { kind: 'forceChange', status: 'fattening' }, true],
  ])('from %s, %j allowed: %s', (current, event, expected) => {
    expect(canApplyLifecycleEvent(current, event)).toBe(expected);
  });

  it.each<[LifecycleEvent, number, number]>([
    [{ kind: 'calving' }, 0, 1],
    [{ kind: 'calving' }, 3, 4],
    [{ kind: 'fertilization' }, 3, 3],
    [{ kind: 'endLactation' }, 2, 2],
  ])('parity after %j from %s is %s', (event, parity, expected) => {
    expect(parityAfter(event, parity)).toBe(expected);
  });
});
