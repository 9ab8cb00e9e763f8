import { beforeAll, describe, expect, it } from 'vitest';
import { violations } from '../setup/axe';
import { baseUrl, phonePagePerTest, skipReason } from '../setup/browser';
import { apiLogIn, farmCows } from '../setup/herd';
import { openers } from '../setup/openers';
import { DEMO, logInThroughScreen } from '../setup/session';

describe.skipIf(skipReason() !== '')('accessibility of every screen', () => {
  const phone = phonePagePerTest();
  let cowPath: string;
  let cowId: number;

  beforeAll(async () => {
    // A cow wearing a sensor: her page shows the charts and their alert lines too.
    const cow = (await farmCows(await apiLogIn(baseUrl(), DEMO))).find((each) => each.sensor !== null);
    if (!cow) throw new Error('the demo farm has no cow with a sensor');
    cowId = cow.id;
    cowPath = `/pages/index/cow?id=${cow.id}`;
  });

  /** Visits each path in turn and gathers what axe-core finds there. */
  const violationsOn = async (paths: string[]): Promise<string[]> => {
    const found: string[] = [];
    for (const path of paths) {
      await phone.page.goto(path);
      await phone.page.waitForLoadState('networkidle');
      found.push(...(await violations(phone.page)).map((line) => `${path}: ${line}`));
    }
    return found;
  };

  it('passes the WCAG 2.1 AA checks of axe-core before login', async () => {
    const found = await violationsOn([
      '/pages/login/login',
      '/pages/login/register',
      '/pages/login/service',
      '/pages/login/yinsi',
      '/pages/login/version',
      '/pages/index/welcome',
    ]);
    expect(found).toEqual([]);
  });

  it('passes them on every screen of a logged-in user: contrast, names, focus', async () => {
    await logInThroughScreen(phone.page);
    const found = await violationsOn([
      '/',
      '/pages/index/notice',
      '/pages/index/data',
      '/pages/index/dashboard',
      '/pages/index/kpi?name=conceptionRate',
      '/pages/index/ckcom',
      cowPath,
      `/pages/index/hsty?id=${cowId}`,
      `/pages/index/addhsty?id=${cowId}`,
      `/pages/index/cowsfml?id=${cowId}`,
      '/pages/index/levsyt',
      '/pages/index/wallet',
      '/pages/index/webuser',
      '/pages/index/welcome',
      '/pages/index/userset',
      '/pages/index/indexsc',
      '/pages/index/addcows',
      '/pages/index/step1',
      '/pages/index/step2',
      '/pages/index/step3',
      '/pages/index/step4',
      '/pages/overviews/index',
      '/pages/overviews/list',
      '/pages/overviews/data',
      '/pages/overviews/datagl',
    ]);
    expect(found).toEqual([]);
  });

  it('passes them with each dialog, menu and form error open', async () => {
    await logInThroughScreen(phone.page);
    const found: string[] = [];
    for (const opener of openers(cowPath)) {
      await phone.page.goto(opener.path);
      await phone.page.waitForLoadState('networkidle');
      await opener.open(phone.page);
      found.push(...(await violations(phone.page)).map((line) => `${opener.name}: ${line}`));
    }
    expect(found).toEqual([]);
  });
});
