import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '../../components/Button.tsx';
import { ApiError } from '../../lib/api.ts';
import { t } from '../../lib/i18n.ts';
import { ErrorMessage } from './ErrorPage.tsx';
import styles from './ErrorPage.module.css';

export interface ErrorBoundaryProps {
  children: ReactNode;
  /** Shows the error's message and stack (debug mode only, spec 001 §8.3). */
  isDebug?: boolean;
  /** Called by Cancel after the error is dismissed (e.g. to go back). */
  onCancel?: () => void;
}

interface ErrorBoundaryState {
  error: Error | null;
  isDismissed: boolean;
}

/** spec 000 §4, 001 §8.3: a render error shows a message with Reload and Cancel. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, isDismissed: false };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { error: error instanceof Error ? error : new Error(String(error)), isDismissed: false };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Render error', error, info.componentStack);
  }

  private handleReload = (): void => {
    window.location.reload();
  };

  private handleCancel = (): void => {
    this.setState({ isDismissed: true });
    this.props.onCancel?.();
  };

  override render(): ReactNode {
    const { error, isDismissed } = this.state;
    if (error === null) {
      return this.props.children;
    }
    if (isDismissed) {
      return null;
    }
    const message = error instanceof ApiError ? error.message : t('Please try again later.');
    return (
      <div className={styles.page} role="alert">
        <ErrorMessage
          title={t('There was an error')}
          description={
            <>
              <p>{message}</p>
              {this.props.isDebug === true ? (
                <pre className={styles.stack}>
                  {error.message}
                  {'\n'}
                  {error.stack}
                </pre>
              ) : null}
            </>
          }
          actions={
            <>
              <Button variant="primary" onClick={this.handleReload}>
                {t('Reload')}
              </Button>
              <Button onClick={this.handleCancel}>{t('Cancel')}</Button>
            </>
          }
        />
      </div>
    );
  }
}
