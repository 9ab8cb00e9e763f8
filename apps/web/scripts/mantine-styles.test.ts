import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { neededSheets } from './mantine-styles';

const sheetFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/mantine-styles.css');

describe("the app's Mantine style sheets", () => {
  it("import every sheet the components the app uses need, in Mantine's order", () => {
    const imported = [
      ...readFileSync(sheetFile, 'utf8').matchAll(/@mantine\/core\/styles\/([\w-]+)\.css/g),
    ].map((match) => match[1]);
    // A component new to the app without its sheet would show unstyled: run the script to write the list.
    expect(imported, 'npx tsx apps/web/scripts/mantine-styles.ts > the @import lines').toEqual(
      neededSheets(),
    );
  });

  it('follow a component to the sheets of the parts it is made of', () => {
    expect(neededSheets(['Select'])).toEqual(expect.arrayContaining(['Combobox', 'Input', 'Popover']));
  });
});
