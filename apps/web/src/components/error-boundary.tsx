import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface Props {
  children: ReactNode;
  /** Shown instead of the children after an error; defaults to a message with a retry button. */
  fallback?: (reset: () => void) => ReactNode;
}

interface State {
  error: Error | null;
}

function DefaultFallback({ reset }: { reset: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" title={t('error.title')} role="alert" m="md">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('error.body')}</Text>
        <Button variant="light" color="red" onClick={reset}>
          {t('error.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}

/** Catches render errors below it so one broken part never blanks the whole app. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Render error', error, info.componentStack);
  }

  private readonly reset = () => this.setState({ error: null });

  override render(): ReactNode {
    if (this.state.error) {
      return this.props.fallback ? this.props.fallback(this.reset) : <DefaultFallback reset={this.reset} />;
    }
    return this.props.children;
  }
}
