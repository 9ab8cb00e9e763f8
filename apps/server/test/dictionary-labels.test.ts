// The app's labels of the configuration dictionaries, for the six languages the dictionaries carry no
// column for, must name exactly the entries the server seeds: an entry without one shows in English.
import { describe, expect, it } from 'vitest';
import { dictionaryLabels } from '@cowcare/locales/dictionary-labels';
import { CONFIG_DICTIONARIES } from '../src/seed/config-dictionaries';

const seededKeys = Object.entries(CONFIG_DICTIONARIES)
  .flatMap(([dictionary, entries]) => entries.map((entry) => `${dictionary}.${entry.code}`))
  .sort();

describe('dictionary labels of the other six languages', () => {
  it.each(Object.entries(dictionaryLabels))(
    '%s labels every seeded entry and no other',
    (_language, labels) => {
      expect(Object.keys(labels).sort()).toEqual(seededKeys);
      for (const [key, label] of Object.entries(labels)) expect(label.trim(), key).not.toBe('');
    },
  );
});
