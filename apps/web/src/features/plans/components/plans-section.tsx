import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES } from '@cowcare/contract/errors';
import type { Plan, Plans, Subscription } from '@cowcare/contract/routes/plans';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { isApiError } from '../../../lib/api-client';
import { refusalText } from '../../../lib/error-message';
import { formatDate } from '../../../lib/format';
import { useAttemptKeys } from '../../../lib/idempotency';
import { notify } from '../../../lib/notify';
import { useMoneyFormat } from '../../../lib/use-money';
import { useCancelPlan, usePlans, useSubscribePlan } from '../api/plans-api';

type Pending = { kind: 'subscribe'; plan: Plan } | { kind: 'cancel'; subscription: Subscription };

interface Props {
  userId: number;
  /** Bring the wallet's top-up into view: the balance did not cover a plan. */
  onTopUp: () => void;
}

/** A flat plan that covers fewer cows than the farm monitors cannot be chosen (the server says 409 too). */
const tooSmall = (plan: Plan, monitoredCows: number) => plan.maxCows !== null && plan.maxCows < monitoredCows;

function PriceLine({ plan, money }: { plan: Plan; money: (minor: number) => string }) {
  const { t } = useTranslation();
  const price = money(plan.price);
  if (plan.pricing === 'per_cow') return <>{t('plans.perCow', { price })}</>;
  if (plan.maxCows === null) return <>{t('plans.flat', { price })}</>;
  return <>{t('plans.flatUpTo', { price, count: plan.maxCows })}</>;
}

function CurrentPlan({
  data,
  money,
  onCancel,
}: {
  data: Plans;
  money: (minor: number) => string;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { bcp47 } = useMoneyFormat(data.currency, data.currencyDigits);
  const subscription = data.subscription;
  if (!subscription) return <Text size="sm">{t('plans.none')}</Text>;
  return (
    <Stack gap={4} data-testid="current-plan">
      <Text fw={600}>{t('plans.current', { name: subscription.planName })}</Text>
      <Text size="sm">
        {t('plans.period', {
          start: formatDate(subscription.periodStart, bcp47),
          end: formatDate(subscription.periodEnd, bcp47),
        })}
      </Text>
      <Text size="sm">
        {t('plans.nextCharge', {
          date: formatDate(subscription.periodEnd, bcp47),
          amount: money(subscription.nextCharge),
        })}
      </Text>
      <Group>
        <Button size="xs" variant="default" color="red" onClick={onCancel}>
          {t('plans.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The paid monitoring service: the plans with their price and what a month would cost now, the farm's
 * subscription, and subscribing, changing or cancelling it after a confirmation. A wallet that does not
 * cover it says so and offers the top-up.
 */
export function PlansSection({ userId, onTopUp }: Props) {
  const { t } = useTranslation();
  const plans = usePlans(userId);
  const subscribe = useSubscribePlan(userId);
  const cancel = useCancelPlan(userId);
  const keys = useAttemptKeys();
  const [pending, setPending] = useState<Pending | null>(null);
  const { money } = useMoneyFormat(plans.data?.currency ?? 'USD', plans.data?.currencyDigits ?? 2);

  const title = (
    <Title order={2} size="h5" id="plans-title">
      {t('plans.title')}
    </Title>
  );
  if (plans.isPending) return <PageLoader />;
  if (plans.isError) {
    return (
      <Stack gap="xs">
        {title}
        <QueryError error={plans.error} onRetry={() => void plans.refetch()} />
      </Stack>
    );
  }
  const data = plans.data;
  const current = data.subscription;
  const failure = subscribe.error ?? cancel.error;
  const insufficient = isApiError(failure, ERROR_CODES.insufficientBalance);

  const confirm = () => {
    if (!pending) return;
    const done = (messageKey: string) => () => {
      keys.settle();
      setPending(null);
      notify(messageKey, 'success');
    };
    const failed = (error: unknown) => {
      keys.failed(error);
      setPending(null);
    };
    if (pending.kind === 'subscribe') {
      cancel.reset();
      const idempotencyKey = keys.keyFor(`subscribe:${pending.plan.id}`);
      subscribe.mutate(
        { planId: pending.plan.id, idempotencyKey },
        { onSuccess: done('plans.subscribed'), onError: failed },
      );
    } else {
      subscribe.reset();
      const idempotencyKey = keys.keyFor(`cancel:${pending.subscription.id}`);
      cancel.mutate({ idempotencyKey }, { onSuccess: done('plans.cancelled'), onError: failed });
    }
  };

  return (
    <Card withBorder component="section" aria-labelledby="plans-title">
      <Stack gap="sm">
        {title}
        <CurrentPlan
          data={data}
          money={money}
          onCancel={() => current && setPending({ kind: 'cancel', subscription: current })}
        />
        {failure && (
          <Alert color={insufficient ? 'orange' : 'red'} role="alert" data-testid="plans-error">
            <Text size="sm">{insufficient ? t('plans.insufficient') : refusalText(failure, t)}</Text>
            {insufficient && (
              <Button size="xs" mt="xs" onClick={onTopUp}>
                {t('wallet.topUp.title')}
              </Button>
            )}
          </Alert>
        )}
        <Text size="sm" c="dimmed">
          {t('plans.monitored', { count: data.monitoredCows })}
        </Text>
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {data.plans.map((plan) => {
            const held = current?.planId === plan.id;
            const blocked = tooSmall(plan, data.monitoredCows);
            return (
              <Card component="li" key={plan.id} withBorder padding="sm" aria-label={plan.name}>
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Stack gap={2} style={{ minWidth: 0, flex: '1 1 200px' }}>
                    <Group gap="xs">
                      <Text fw={600}>{plan.name}</Text>
                      {held && <Badge variant="light">{t('plans.currentBadge')}</Badge>}
                    </Group>
                    <Text size="sm">
                      <PriceLine plan={plan} money={money} />
                    </Text>
                    <Text size="sm" c="dimmed">
                      {t('plans.monthNow', { amount: money(plan.monthlyCharge) })}
                    </Text>
                    {blocked && (
                      <Text size="xs" c="orange">
                        {t('plans.tooSmall', { count: plan.maxCows ?? 0 })}
                      </Text>
                    )}
                  </Stack>
                  {!held && (
                    <Button
                      size="xs"
                      variant={current ? 'default' : 'filled'}
                      disabled={blocked}
                      onClick={() => setPending({ kind: 'subscribe', plan })}
                    >
                      {current ? t('plans.change') : t('plans.subscribe')}
                    </Button>
                  )}
                </Group>
              </Card>
            );
          })}
        </Stack>
      </Stack>
      <ConfirmDialog
        opened={pending !== null}
        title={
          pending?.kind === 'cancel'
            ? t('plans.confirmCancelTitle', { name: pending.subscription.planName })
            : current
              ? t('plans.confirmChangeTitle', { name: pending?.plan.name ?? '' })
              : t('plans.confirmSubscribeTitle', { name: pending?.plan.name ?? '' })
        }
        message={
          pending?.kind === 'cancel'
            ? t('plans.confirmCancelBody')
            : current
              ? t('plans.confirmChangeBody', { current: current.planName, name: pending?.plan.name ?? '' })
              : t('plans.confirmSubscribeBody', {
                  amount: money(pending?.kind === 'subscribe' ? pending.plan.monthlyCharge : 0),
                })
        }
        confirmLabel={pending?.kind === 'cancel' ? t('plans.cancelConfirm') : t('plans.confirm')}
        danger={pending?.kind === 'cancel'}
        pending={subscribe.isPending || cancel.isPending}
        onConfirm={confirm}
        onClose={() => setPending(null)}
      />
    </Card>
  );
}
