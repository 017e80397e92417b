import { Component, type ErrorInfo, type ReactNode } from 'react';
import { t } from '../lib/i18n.ts';
import styles from './LayoutRenderer.module.css';

interface WidgetErrorBoundaryProps {
  /** The widget's registry name, for the message. */
  name: string;
  children: ReactNode;
}

interface WidgetErrorBoundaryState {
  hasError: boolean;
}

/** One failing widget shows 'There was a problem loading {component}'; the rest of the page stays. */
export class WidgetErrorBoundary extends Component<WidgetErrorBoundaryProps, WidgetErrorBoundaryState> {
  override state: WidgetErrorBoundaryState = { hasError: false };

  static getDerivedStateFromError(): WidgetErrorBoundaryState {
    return { hasError: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`Widget ${this.props.name} failed`, error, info.componentStack);
  }

  override render() {
    if (this.state.hasError) {
      return (
        <div className={styles.widgetError} role="alert">
          {t('There was a problem loading {component}', { component: this.props.name })}
        </div>
      );
    }
    return this.props.children;
  }
}
