import { describe, it, expect } from 'vitest';
import {
  NECK_SENSOR_THRESHOLD,
  isSensorState,
  parseSensorFilterWireValue,
  sensorFilterWireValue,
  sensorKind,
  sensorStateOf,
  sensorztOf,
  type SensorKind,
  type SensorState,
} from '../src/sensor';

describe('sensorKind', () => {
  it('has the threshold 40000', () => {
    expect(NECK_SENSOR_THRESHOLD).toBe(40_000);
  });

  it.each<[number, SensorKind]>([
    [0, 'pill'],
    [1, 'pill'],
    [39_999, 'pill'],
    [40_000, 'neck'],
    [40_001, 'neck'],
    [99_999, 'neck'],
  ])('sensor %s is %s', (sensorId, kind) => {
    expect(sensorKind(sensorId)).toBe(kind);
  });
});

describe('sensor state', () => {
  it.each<[number, SensorState | undefined]>([
    [1, 'zts'],
    [0, 'zt'],
    [2, undefined],
    [-1, undefined],
    [Number.NaN, undefined],
  ])('sensorzt %s -> %s', (sensorzt, state) => {
    expect(sensorStateOf(sensorzt)).toBe(state);
  });

  it.each<[SensorState, 0 | 1]>([
    ['zts', 1],
    ['zt', 0],
  ])('%s is sensorzt %s', (state, sensorzt) => {
    expect(sensorztOf(state)).toBe(sensorzt);
  });

  it.each<[unknown, boolean]>([
    ['zts', true],
    ['zt', true],
    ['ZT', false],
    [1, false],
  ])('isSensorState(%j) is %s', (value, expected) => {
    expect(isSensorState(value)).toBe(expected);
  });
});

describe('sensorfilter wire value', () => {
  it.each<[SensorState[], string]>([
    [['zts'], 'zts'],
    [['zt'], 'zt'],
    [['zt', 'zts'], 'zts,zt'],
    [[], ''],
  ])('%j -> %j', (states, wire) => {
    expect(sensorFilterWireValue(states)).toBe(wire);
  });

  it.each<[string, SensorState[]]>([
    ['zts', ['zts']],
    ['zts,zt', ['zts', 'zt']],
    ['zt, zts', ['zts', 'zt']],
    ['', []],
    ['online,zt', ['zt']],
  ])('%j -> %j', (wire, states) => {
    expect(parseSensorFilterWireValue(wire)).toEqual(states);
  });
});
