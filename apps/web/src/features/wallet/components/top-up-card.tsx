import { useState } from 'react';
import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Wallet } from '@cowcare/contract/routes/wallet';
import type { MessageKey } from '@cowcare/locales/catalog';
import { refusalText } from '../../../lib/error-message';
import { useAttemptKeys } from '../../../lib/idempotency';
import { useMoneyFormat } from '../../../lib/use-money';
import { useStartTopUp } from '../api/wallet-api';
import { amountText, parseAmount, type AmountProblem } from '../lib/amount';

/** The id the plans' "Top up" link scrolls to. */
export const TOP_UP_ANCHOR = 'top-up';
export const TOP_UP_INPUT_ID = 'top-up-amount';

const PROBLEM_KEYS: Record<AmountProblem, MessageKey> = {
  empty: 'wallet.topUp.errorEmpty',
  invalid: 'wallet.topUp.errorInvalid',
  decimals: 'wallet.topUp.errorDecimals',
  tooSmall: 'wallet.topUp.errorMin',
  tooLarge: 'wallet.topUp.errorMax',
};

/** Sends the browser to the provider's page; a seam for tests, which cannot leave jsdom. */
export const goToCheckout = {
  assign: (url: string) => window.location.assign(url),
};

interface Props {
  userId: number;
  wallet: Pick<Wallet, 'currency' | 'currencyDigits' | 'topUp'>;
}

/**
 * Top up: a preset or a typed amount in the farm currency, then the provider's hosted checkout. One
 * idempotency key per attempt (the amount), kept when the answer was lost, so a second tap or a retry
 * answers the same order instead of opening a second one.
 */
export function TopUpCard({ userId, wallet }: Props) {
  const { t } = useTranslation();
  const { currency, currencyDigits: digits, topUp: limits } = wallet;
  const { money } = useMoneyFormat(currency, digits);
  const [text, setText] = useState('');
  const [shown, setShown] = useState<AmountProblem | null>(null);
  const keys = useAttemptKeys();
  const start = useStartTopUp(userId);
  const parsed = parseAmount(text, digits, limits);

  const submit = () => {
    if (!parsed.ok) {
      setShown(parsed.problem);
      return;
    }
    const idempotencyKey = keys.keyFor(String(parsed.minor));
    start.mutate(
      { amount: parsed.minor, idempotencyKey },
      {
        onSuccess: ({ checkoutUrl }) => {
          keys.settle();
          goToCheckout.assign(checkoutUrl);
        },
        onError: (error) => keys.failed(error),
      },
    );
  };

  const problem = shown && !parsed.ok ? parsed.problem : null;
  const error = problem
    ? t(problem === 'decimals' && digits === 0 ? 'wallet.topUp.errorWhole' : PROBLEM_KEYS[problem], {
        min: money(limits.minimum),
        max: money(limits.maximum),
        digits,
        currency,
        example: amountText(limits.presets[0] ?? limits.minimum, digits),
      })
    : null;
  const redirecting = start.isSuccess;

  return (
    <Card withBorder id={TOP_UP_ANCHOR} component="section" aria-labelledby="top-up-title">
      <Stack gap="sm">
        <Title order={2} size="h5" id="top-up-title">
          {t('wallet.topUp.title')}
        </Title>
        {limits.presets.length > 0 && (
          <Group gap="xs" role="group" aria-label={t('wallet.topUp.presets')}>
            {limits.presets.map((preset) => (
              <Button
                key={preset}
                variant={parsed.ok && parsed.minor === preset ? 'filled' : 'default'}
                size="sm"
                onClick={() => {
                  setText(amountText(preset, digits));
                  setShown(null);
                }}
              >
                {money(preset)}
              </Button>
            ))}
          </Group>
        )}
        <TextInput
          id={TOP_UP_INPUT_ID}
          label={t('wallet.topUp.amount', { currency })}
          description={t('wallet.topUp.limits', { min: money(limits.minimum), max: money(limits.maximum) })}
          inputMode={digits === 0 ? 'numeric' : 'decimal'}
          autoComplete="off"
          value={text}
          error={error}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setShown(null);
          }}
          onBlur={() => text.trim() !== '' && setShown(parsed.ok ? null : parsed.problem)}
          onKeyDown={(event) => event.key === 'Enter' && submit()}
        />
        {start.isError && (
          <Text c="red" size="sm" role="alert">
            {refusalText(start.error, t)}
          </Text>
        )}
        <Button onClick={submit} loading={start.isPending || redirecting}>
          {parsed.ok
            ? t('wallet.topUp.submitAmount', { amount: money(parsed.minor) })
            : t('wallet.topUp.submit')}
        </Button>
        <Text size="xs" c="dimmed">
          {redirecting ? t('wallet.topUp.redirecting') : t('wallet.topUp.hint')}
        </Text>
      </Stack>
    </Card>
  );
}
