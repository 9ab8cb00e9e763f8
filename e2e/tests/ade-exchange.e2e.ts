import { addDays } from '@cowcare/domain/calendar-date';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { api } from '@cowcare/contract/api';
import { ADE_COLLECTIONS, type AdeFile } from '@cowcare/contract/routes/exchange';
import { adeSchemaValidator } from '../../apps/server/src/modules/exchange/ade-schemas';
import { COLLECTION_SCHEMAS } from '../../apps/server/src/modules/exchange/ade-vocabulary';
import { baseUrl, phonePagePerTest, skipReason } from '../setup/browser';
import { apiLogIn, callApi, farmCows, type ApiSession } from '../setup/herd';
import { DEMO, logInThroughScreen, registerUser } from '../setup/session';

// ICAR ADE out of the demo farm and into a new one through the settings page (issue 40): the downloaded file
// is valid against the standard's schemas, the new farm gets the same cows and records, and a broken file is
// refused with its reasons and creates nothing.

type Resource = Record<string, unknown> & {
  animal?: { id: string };
  identifier?: { id: string };
  managementTag?: string;
};

/** The resources of every list that break the standard's schema, as readable lines. */
const schemaProblems = (file: AdeFile): string[] =>
  ADE_COLLECTIONS.flatMap((collection) => {
    const validate = adeSchemaValidator(COLLECTION_SCHEMAS[collection].schema);
    return (file[collection] ?? []).flatMap((resource, index) =>
      validate(resource) ? [] : [`${collection}.${index}: ${JSON.stringify(validate.errors)}`],
    );
  });

/**
 * A file as what survives an import: animals by cow code, events by their animal's code and content; our ids,
 * the farm, meta and the sensors (the demo farm keeps its sensors) left out.
 */
const survivingContent = (file: AdeFile) => {
  const codeOf = new Map(
    (file.animals ?? []).map((animal) => [
      (animal as Resource).identifier?.id,
      (animal as Resource).managementTag,
    ]),
  );
  const animals = (file.animals ?? []).map((animal) => {
    const {
      identifier: _i,
      alternativeIdentifiers: _a,
      meta: _m,
      location: _l,
      parentage,
      cowcare,
      ...rest
    } = animal as Resource;
    const parents = ((parentage as { gender: string; identifier: { id: string } }[] | undefined) ?? []).map(
      (parent) =>
        `${parent.gender}:${parent.gender === 'Female' ? codeOf.get(parent.identifier.id) : parent.identifier.id}`,
    );
    const { culledAt: _c, ...extension } = (cowcare as Record<string, unknown> | undefined) ?? {};
    return { ...rest, parents, extension };
  });
  const events = Object.fromEntries(
    (
      [
        'heats',
        'inseminations',
        'pregnancyChecks',
        'parturitions',
        'abortions',
        'diagnoses',
        'treatments',
      ] as const
    ).map((list) => [
      list,
      (file[list] ?? [])
        .map((event) => {
          const {
            id: _id,
            meta: _m,
            location: _l,
            animal,
            device: _d,
            progenyDetails,
            ...rest
          } = event as Resource;
          const calves = ((progenyDetails as Resource[] | undefined) ?? []).map(
            ({ identifier, ...calf }) => ({
              ...calf,
              calf: identifier ? codeOf.get(identifier.id) : null,
            }),
          );
          return JSON.stringify({ cow: codeOf.get(animal?.id), ...rest, calves });
        })
        .sort(),
    ]),
  );
  return {
    animals: animals.sort((a, b) => String(a.managementTag).localeCompare(String(b.managementTag))),
    events,
  };
};

const exportOf = (session: ApiSession): Promise<AdeFile> => callApi(session, api.exchange.exportAde);

/** A farm's KPIs over the last year up to yesterday, each with the codes of the cows behind it. */
const kpisOf = async (session: ApiSession) => {
  const today = new Date().toISOString().slice(0, 10);
  const answer = await callApi(session, api.reproductionKpis.reproductionKpis, {
    query: { from: addDays(today, -365), to: addDays(today, -1), today },
  });
  const codes = new Map(answer.cows.map((cow) => [cow.id, cow.code]));
  const codesOf = (ids: readonly number[]) => ids.map((id) => codes.get(id)).sort();
  return answer.kpis.map(({ numeratorCowIds, denominatorCowIds, ...kpi }) => ({
    ...kpi,
    numeratorCows: codesOf(numeratorCowIds),
    denominatorCows: codesOf(denominatorCowIds),
  }));
};

describe.skipIf(skipReason() !== '')('ICAR ADE exchange', () => {
  const phone = phonePagePerTest();

  it('exports the demo farm from the settings page, and the file brings the same cows and records into a new farm', async () => {
    await logInThroughScreen(phone.page, DEMO);
    await phone.page.goto('/pages/index/userset');
    const [download] = await Promise.all([
      phone.page.waitForEvent('download'),
      phone.page.getByTestId('ade-export').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^cowcare-ade-.+\.json$/);
    const path = await download.path();
    const file = JSON.parse(await readFile(path, 'utf8')) as AdeFile;
    expect(schemaProblems(file)).toEqual([]);
    const demo = await apiLogIn(baseUrl(), DEMO);
    const demoCows = await farmCows(demo);
    expect(file.animals).toHaveLength(demoCows.length);
    expect(file.inseminations?.length).toBeGreaterThan(0);

    // A new farm imports it on its settings page, after the preview.
    const credentials = await registerUser(baseUrl(), 'ade');
    const newcomer = await apiLogIn(baseUrl(), credentials);
    await phone.page.context().clearCookies();
    await phone.page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await logInThroughScreen(phone.page, credentials);
    await phone.page.goto('/pages/index/userset');
    await phone.page.locator('input[type="file"]').setInputFiles(path);
    const preview = phone.page.getByTestId('ade-preview');
    await preview.getByText(`Cows: ${demoCows.length}`).waitFor();
    await preview.getByText(`Inseminations: ${file.inseminations?.length}`).waitFor();
    // The demo farm keeps its sensors: the preview says they are left out.
    await phone.page
      .getByTestId('ade-skipped')
      .getByText('The sensor belongs to another farm or cow')
      .first()
      .waitFor();
    expect(await farmCows(newcomer)).toEqual([]);
    await phone.page.getByTestId('ade-import').click();
    await phone.page.getByTestId('ade-imported').getByText(`Imported ${demoCows.length} cows`).waitFor();

    const copied = await farmCows(newcomer);
    const shape = (cows: typeof demoCows) =>
      cows
        .map(
          ({
            code,
            sex,
            birthday,
            status,
            parity,
            sireCode,
            lastEstrus,
            lastFertilization,
            recentChildbirth,
          }) => ({
            code,
            sex,
            birthday,
            status,
            parity,
            sireCode,
            lastEstrus,
            lastFertilization,
            recentChildbirth,
          }),
        )
        .sort((a, b) => a.code.localeCompare(b.code));
    expect(shape(copied)).toEqual(shape(demoCows));
    const again = survivingContent(await exportOf(newcomer));
    const original = survivingContent(file);
    expect(again.animals).toEqual(original.animals);
    expect(again.events).toEqual(original.events);
    // The same reproduction KPIs, with the same cows behind them, over the year up to yesterday: the
    // simulator keeps raising today's heats on the demo farm after the export.
    const [demoKpis, copiedKpis] = await Promise.all([kpisOf(demo), kpisOf(newcomer)]);
    expect(copiedKpis).toEqual(demoKpis);
    expect(demoKpis.some((kpi) => kpi.value !== null && kpi.numerator > 0)).toBe(true);
  });

  it('refuses a broken file with its reasons and creates nothing', async () => {
    const credentials = await registerUser(baseUrl(), 'adx');
    const session = await apiLogIn(baseUrl(), credentials);
    await logInThroughScreen(phone.page, credentials);
    await phone.page.goto('/pages/index/userset');
    const animal = (code: string, id: string) => ({
      resourceType: 'icar:Animal',
      identifier: { scheme: 'org.example.herd', id },
      specie: 'Cattle',
      gender: 'Female',
      managementTag: code,
    });
    const broken = {
      animals: [animal('C7', 'a'), animal('C7', 'b'), { ...animal('C8', 'c'), specie: 'Cow' }],
      heats: [
        {
          resourceType: 'icar:ReproHeatEvent',
          animal: { scheme: 'org.example.herd', id: 'nobody' },
          eventDateTime: '2025-04-01T06:00:00Z',
        },
      ],
    };
    await phone.page.locator('input[type="file"]').setInputFiles({
      name: 'broken.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(broken)),
    });
    const refused = phone.page.getByTestId('ade-refused');
    await refused.getByText('Refused: 3. Nothing is imported until the file is fixed.').waitFor();
    for (const reason of [
      'The same cow number twice in the file',
      'Does not follow the ICAR ADE schema',
      'Names an animal that is not in the file',
    ]) {
      await refused.getByText(reason).waitFor();
    }
    expect(await phone.page.getByTestId('ade-import').isDisabled()).toBe(true);
    expect(await farmCows(session)).toEqual([]);
  });
});
