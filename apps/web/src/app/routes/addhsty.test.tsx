import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeCow } from '../../test/cows';
import { farmSettings, recordDictionary } from '../../test/records';
import { fail, fakeApi, ok, type FakeHandler } from '../../test/fake-api';
import { logIn, renderApp } from '../../test/render';

const cow = makeCow({ id: 21, code: 'C21' });

const dictionary = recordDictionary;
const settings = farmSettings;

function server(extra: Record<string, FakeHandler> = {}) {
  const api = fakeApi({
    'POST common/common/farmdatarun': () => ok({ FarmNumber: 'F-100', ready: true, created: [] }),
    'GET common/common/lgs/lgs': () => ok([]),
    'GET common/common/getDataById/cowinfo/21': () => ok(cow),
    'GET common/common/dict/getconfigdict/cows': () => ok(dictionary),
    'GET user/user/getsetting/7/F-100': () => ok(settings),
    'GET common/common/getcowhistory/21': () => ok([]),
    ...extra,
  });
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

async function open(kind: string) {
  logIn();
  const view = renderApp(`/pages/index/addhsty?id=21&kind=${kind}`);
  await screen.findByRole('heading', { name: 'Add record' });
  await screen.findByRole('button', { name: 'Save record' });
  return view;
}

const value = (label: string | RegExp) => screen.getByLabelText<HTMLInputElement>(label).value;

describe('add a record (addhsty)', () => {
  it("starts an estrus record at the time it is given (a detected heat's onset), else now", async () => {
    server();
    await open('estrus&at=2025-06-01T05:20');
    expect(value(/Estrus time/)).toBe('2025-06-01T05:20');
  });

  it('ignores a malformed time and starts at now', async () => {
    server();
    await open('estrus&at=yesterday');
    expect(value(/Estrus time/)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(value(/Estrus time/)).not.toBe('yesterday');
  });

  it('fills the scheduled date from the fertilization method: AI +1 day, embryo transfer +7', async () => {
    server();
    const user = userEvent.setup();
    await open('fertilization');
    fireEvent.change(screen.getByLabelText(/Fertilization time/), { target: { value: '2025-03-01T09:30' } });
    expect(value('Service date (scheduled)')).toBe('');
    await user.selectOptions(screen.getByLabelText(/Fertilization method/), 'artificial-insemination');
    expect(value('Service date (scheduled)')).toBe('2025-03-02');
    await user.selectOptions(screen.getByLabelText(/Fertilization method/), 'embryo-transfer');
    expect(value('Service date (scheduled)')).toBe('2025-03-08');
    await user.selectOptions(screen.getByLabelText(/Fertilization method/), 'natural');
    expect(value('Service date (scheduled)')).toBe('2025-03-01');
  });

  it("fills the appraisal date from the farm's days for the diagnosis method", async () => {
    const api = server({
      'POST news/news/add/fertilization': ({ body }) =>
        ok({ record: { id: 1, ...(body as object) }, cow: { ...cow, status: '임신감정' } }),
    });
    const user = userEvent.setup();
    const { router } = await open('fertilization');
    fireEvent.change(screen.getByLabelText(/Fertilization time/), { target: { value: '2025-03-01T09:30' } });
    await user.selectOptions(screen.getByLabelText(/Fertilization method/), 'artificial-insemination');
    await user.selectOptions(screen.getByLabelText('Pregnancy check method'), 'ultrasonic');
    // Service date 2025-03-02 + the farm's 45 ultrasonic days.
    await waitFor(() => expect(value('Pregnancy check date')).toBe('2025-04-16'));
    await user.selectOptions(screen.getByLabelText('Pregnancy check method'), 'hormone');
    expect(value('Pregnancy check date')).toBe('2025-04-01');
    expect(screen.getByText('Automatic')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Save record' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/index/hsty'));
    const sent = api.requests.find((r) => r.path === 'news/news/add/fertilization')?.body as Record<
      string,
      unknown
    >;
    expect(sent.cowId).toBe(21);
    expect(sent.method).toBe('artificial-insemination');
    expect(sent.pregnancyCheckMethod).toBe('hormone');
    expect(sent.plannedAt).toMatch(/^2025-03-01T09:30:00[+-]\d{2}:\d{2}$/);
    // An automatic date is left to the server, which computes the same one.
    expect(sent).not.toHaveProperty('pregnancyCheckDate');
  });

  it('sends a pregnancy-check date set by hand', async () => {
    const api = server({
      'POST news/news/add/fertilization': ({ body }) =>
        ok({ record: { id: 1, ...(body as object) }, cow: { ...cow, status: '임신감정' } }),
    });
    const user = userEvent.setup();
    await open('fertilization');
    fireEvent.change(screen.getByLabelText(/Fertilization time/), { target: { value: '2025-03-01T09:30' } });
    await user.selectOptions(screen.getByLabelText(/Fertilization method/), 'natural');
    await user.selectOptions(screen.getByLabelText('Pregnancy check method'), 'ultrasonic');
    fireEvent.change(screen.getByLabelText('Pregnancy check date'), { target: { value: '2025-04-20' } });
    expect(screen.getByText('Set by hand')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save record' }));
    await waitFor(() =>
      expect(api.requests.some((r) => r.path === 'news/news/add/fertilization')).toBe(true),
    );
    expect(api.requests.find((r) => r.path === 'news/news/add/fertilization')?.body).toMatchObject({
      pregnancyCheckDate: '2025-04-20',
    });
  });

  it('asks to select the pregnancy status before sending a diagnosis', async () => {
    const api = server({
      'POST news/news/add/pregnancy': ({ body }) => ok({ record: body, cow: { ...cow, status: '임신' } }),
    });
    const user = userEvent.setup();
    await open('pregnancy');
    await user.selectOptions(screen.getByLabelText(/Diagnosis method/), 'ultrasonic');
    await user.click(screen.getByRole('button', { name: 'Save record' }));
    expect(await screen.findByText('Select pregnancy status')).toBeTruthy();
    expect(api.requests.some((r) => r.path === 'news/news/add/pregnancy')).toBe(false);
    await user.click(screen.getByRole('radio', { name: 'Pregnant' }));
    await user.click(screen.getByRole('button', { name: 'Save record' }));
    await waitFor(() =>
      expect(api.requests.find((r) => r.path === 'news/news/add/pregnancy')?.body).toMatchObject({
        cowId: 21,
        diagnosisMethod: 'ultrasonic',
        result: 'pregnant',
      }),
    );
  });

  it('registers a live calf with the calving', async () => {
    const api = server({
      'POST news/news/add/calving': ({ body }) =>
        ok({
          record: { id: 3 },
          cow: { ...cow, status: '포유' },
          calf: makeCow({ code: 'C900' }),
          sent: body,
        }),
    });
    const user = userEvent.setup();
    await open('calving');
    fireEvent.change(screen.getByLabelText(/Calving time/), { target: { value: '2025-05-10T04:00' } });
    expect(value('Expected estrus after calving')).toBe('2025-07-09');
    await user.selectOptions(screen.getByLabelText(/Calving method/), 'normal');
    await user.selectOptions(screen.getByLabelText(/Calving result/), 'cow');
    await user.type(screen.getByLabelText(/Calf code/), 'c900');
    await user.click(screen.getByRole('button', { name: 'Save record' }));
    await waitFor(() => expect(api.requests.some((r) => r.path === 'news/news/add/calving')).toBe(true));
    expect(api.requests.find((r) => r.path === 'news/news/add/calving')?.body).toMatchObject({
      method: 'normal',
      result: 'cow',
      calf: { code: 'C900', sex: 'female', birthday: '2025-05-10' },
    });
  });

  it('records a health case with a disease from the dictionary and an uploaded picture', async () => {
    const api = server({
      'POST common/common/upload': () =>
        ok({
          id: 40,
          name: 'leg.jpg',
          mimeType: 'image/jpeg',
          sizeBytes: 2048,
          url: '/api/common/common/upload/40',
        }),
      'POST news/news/add/healthcase': ({ body }) => ok({ id: 9, ...(body as object), files: [] }),
    });
    const user = userEvent.setup();
    await open('health');
    await user.selectOptions(screen.getByLabelText('Disease'), 'foot-and-mouth');
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    await user.upload(input as HTMLInputElement, new File(['jpeg'], 'leg.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText('leg.jpg')).toBeTruthy();
    const upload = api.requests.find((r) => r.path === 'common/common/upload');
    expect(upload?.body).toBeInstanceOf(FormData);
    expect(((upload?.body as FormData).get('file') as File).name).toBe('leg.jpg');
    await user.click(screen.getByRole('button', { name: 'Save record' }));
    await waitFor(() => expect(api.requests.some((r) => r.path === 'news/news/add/healthcase')).toBe(true));
    expect(api.requests.find((r) => r.path === 'news/news/add/healthcase')?.body).toMatchObject({
      cowId: 21,
      diseaseCode: 'foot-and-mouth',
      uploadIds: [40],
    });
  });

  it("shows the server's refusal of a wrong file type or a too large file", async () => {
    server({
      'POST common/common/upload': ({ body }) =>
        ((body as FormData).get('file') as File).name === 'notes.txt'
          ? fail(415, 'E_UNSUPPORTED_FILE_TYPE')
          : fail(413, 'E_PAYLOAD_TOO_LARGE'),
    });
    const user = userEvent.setup();
    await open('health');
    const input = document.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
    await user.upload(input, [
      new File(['text'], 'notes.txt', { type: 'image/png' }),
      new File(['big'], 'scan.pdf', { type: 'application/pdf' }),
    ]);
    const alerts = await screen.findAllByRole('alert');
    const texts = alerts.map((alert) => alert.textContent);
    expect(texts).toContain(
      'notes.txt: This file type is not accepted. Upload a JPEG, PNG or WebP picture or a PDF.',
    );
    expect(texts).toContain('scan.pdf: This file is too large. The limit is 10 MB.');
    expect(screen.queryAllByTestId('uploaded-file')).toHaveLength(0);
  });

  it('asks for a diagnosis: a disease or free text', async () => {
    const api = server();
    const user = userEvent.setup();
    await open('health');
    await user.click(screen.getByRole('button', { name: 'Save record' }));
    expect(await screen.findByText('Choose a disease or describe the diagnosis')).toBeTruthy();
    expect(api.requests.some((r) => r.path === 'news/news/add/healthcase')).toBe(false);
  });

  it("takes a form's own error away as soon as its field is corrected", async () => {
    server();
    const user = userEvent.setup();
    await open('pregnancy');
    await user.click(screen.getByRole('button', { name: 'Save record' }));
    expect(await screen.findByText('Select pregnancy status')).toBeTruthy();
    expect(screen.getByText('Choose a method')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Pregnant' }));
    expect(screen.queryByText('Select pregnancy status')).toBeNull();
    // The other field's error stays until that field is corrected.
    expect(screen.getByText('Choose a method')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText(/Diagnosis method/), 'ultrasonic');
    expect(screen.queryByText('Choose a method')).toBeNull();
  });

  it("names the refused field by its label, never the wire's name, and drops the refusal when it changes", async () => {
    const message = 'estrusAt must not be in the future';
    server({
      'POST news/news/add/estrus': () =>
        fail(400, 'E_VALIDATION', {
          msg: message,
          details: [{ path: 'body.estrusAt', message, rule: 'future' }],
        }),
    });
    const user = userEvent.setup();
    await open('estrus&at=2025-06-01T05:20');
    await user.click(screen.getByRole('button', { name: 'Save record' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Estrus time: Cannot be in the future');
    expect(alert.textContent).not.toContain('estrusAt');
    fireEvent.change(screen.getByLabelText(/Estrus time/), { target: { value: '2025-06-01T04:00' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('warns, without refusing, of a pregnancy diagnosis less than 28 days after the insemination', async () => {
    const api = server({
      'GET common/common/getDataById/cowinfo/21': () => ok({ ...cow, lastFertilization: '2025-05-20' }),
      'POST news/news/add/pregnancy': ({ body }) => ok({ record: body, cow: { ...cow, status: '임신' } }),
    });
    const user = userEvent.setup();
    await open('pregnancy');
    fireEvent.change(screen.getByLabelText(/Diagnosis time/), { target: { value: '2025-06-10T09:00' } });
    expect(screen.getByTestId('early-diagnosis').textContent).toBe(
      'This diagnosis is 21 days after the insemination of 2025-05-20: before day 28 a pregnancy is not ' +
        'reliably seen. You can save it, but consider checking again later.',
    );
    fireEvent.change(screen.getByLabelText(/Diagnosis time/), { target: { value: '2025-06-17T09:00' } });
    expect(screen.queryByTestId('early-diagnosis')).toBeNull();
    fireEvent.change(screen.getByLabelText(/Diagnosis time/), { target: { value: '2025-06-10T09:00' } });
    await user.selectOptions(screen.getByLabelText(/Diagnosis method/), 'ultrasonic');
    await user.click(screen.getByRole('radio', { name: 'Pregnant' }));
    await user.click(screen.getByRole('button', { name: 'Save record' }));
    await waitFor(() => expect(api.requests.some((r) => r.path === 'news/news/add/pregnancy')).toBe(true));
  });
});
