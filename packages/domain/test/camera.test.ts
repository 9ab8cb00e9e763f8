import { describe, it, expect } from 'vitest';
import { cameraChannel, cameraDisplayName, usableCameras, type CameraRecord } from '../src/camera';

describe('cameraChannel', () => {
  it.each<[number, number | undefined]>([
    [40_001, 1],
    [40_006, 2],
    [40_011, 3],
    [40_051, 11],
    [40_002, undefined],
    [40_003.5, undefined],
    [40_000, undefined],
    [39_996, undefined],
    [8_080, undefined],
  ])('port %s -> %s', (port, channel) => {
    expect(cameraChannel(port)).toBe(channel);
  });
});

describe('cameraDisplayName', () => {
  it.each([
    ['Barn', 40_001, 'Barn (1)'],
    ['Barn', 40_016, 'Barn (4)'],
    ['Barn', 40_002, 'Barn'],
    ['Barn', 554, 'Barn'],
  ])('%s on port %s -> %s', (name, port, displayName) => {
    expect(cameraDisplayName(name, port)).toBe(displayName);
  });
});

describe('usableCameras', () => {
  it.each<[string, CameraRecord]>([
    ['no ip and no port', { name: 'A' }],
    ['ip only', { name: 'A', ip: '10.0.0.2' }],
    ['port only', { name: 'A', port: 40_001 }],
    ['blank ip', { name: 'A', ip: '  ', port: 40_001 }],
    ['null port', { name: 'A', ip: '10.0.0.2', port: null }],
    ['port 0', { name: 'A', ip: '10.0.0.2', port: 0 }],
    ['port above 65535', { name: 'A', ip: '10.0.0.2', port: 70_000 }],
    ['non-numeric port text', { name: 'A', ip: '10.0.0.2', port: '40001a' }],
  ])('drops a camera with %s', (_label, camera) => {
    expect(usableCameras([camera])).toEqual([]);
  });

  it('keeps usable cameras in order, reading port text and falling back to the ip for a blank name', () => {
    expect(
      usableCameras([
        { name: 'Barn', ip: '10.0.0.2', port: 40_006 },
        { name: 'Broken', ip: '10.0.0.3' },
        { name: ' ', ip: ' 10.0.0.4 ', port: ' 40001 ' },
        { name: 'Gate', ip: 'cam.example.com', port: 8_554 },
      ]),
    ).toEqual([
      { name: 'Barn', displayName: 'Barn (2)', ip: '10.0.0.2', port: 40_006, channel: 2 },
      { name: '10.0.0.4', displayName: '10.0.0.4 (1)', ip: '10.0.0.4', port: 40_001, channel: 1 },
      { name: 'Gate', displayName: 'Gate', ip: 'cam.example.com', port: 8_554, channel: undefined },
    ]);
  });
});
