import { describe, it, expect } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cowMatchesFilter, DEFAULT_COW_FILTER_OPTIONS } from '@cowcare/domain/cow-filter';
import { sensorKind } from '@cowcare/domain/sensor';
import { noticeGroupWireValue } from '@cowcare/domain/notice-codes';

const sourceDirectory = fileURLToPath(new URL('../src/', import.meta.url));
const sourceFiles = readdirSync(sourceDirectory);

describe('package layout', () => {
  it('resolves subpath imports to the topic files', () => {
    expect(sensorKind(40_000)).toBe('neck');
    expect(noticeGroupWireValue('fever')).toBe('201-202-203-204');
    expect(
      cowMatchesFilter(
        {
          code: 'C1',
          sensorId: 1,
          sensorzt: 1,
          storedStatus: '임신',
          currentActivity: 10,
          averageActivity: 10,
        },
        DEFAULT_COW_FILTER_OPTIONS,
      ),
    ).toBe(true);
  });

  it('has kebab-case topic files and no barrel', () => {
    expect(sourceFiles.filter((file) => !/^[a-z]+(?:-[a-z]+)*\.ts$/.test(file))).toEqual([]);
    expect(sourceFiles).not.toContain('index.ts');
  });

  // Backs up the lint rule: the only imports allowed are extensionless sibling files.
  it.each(sourceFiles)('%s imports only sibling domain files', (file) => {
    const source = readFileSync(`${sourceDirectory}${file}`, 'utf8');
    const specifiers = [...source.matchAll(/\bfrom\s+'([^']+)'|\bimport\s*\(\s*'([^']+)'/g)].map(
      (match) => match[1] ?? match[2],
    );
    expect(specifiers.filter((specifier) => !/^\.\/[a-z-]+$/.test(specifier ?? ''))).toEqual([]);
  });
});
