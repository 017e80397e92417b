import { Suspense, type ReactNode } from 'react';
import type { WidgetNode } from '../../../common/src/api/layouts.ts';
import { Loader } from '../components/Loader.tsx';
import { widgetRegistry } from './registry.ts';
import { WidgetErrorBoundary } from './WidgetErrorBoundary.tsx';
import styles from './LayoutRenderer.module.css';

function isWidgetNode(value: unknown): value is WidgetNode {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { $reactComponent?: unknown }).$reactComponent === 'string'
  );
}

function isNodeList(value: unknown): value is WidgetNode[] {
  return Array.isArray(value) && value.length > 0 && value.every(isWidgetNode);
}

/** One node of a hydrated layout: its registered component with its props; lists of nodes nest. */
export function LayoutNode({ node }: { node: WidgetNode }) {
  const Widget = widgetRegistry[node.$reactComponent];
  if (Widget === undefined) {
    // spec 001 §8.3: unknown components are logged.
    console.warn(`Unknown layout component ${node.$reactComponent}`);
    return null;
  }
  const props: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node.$reactProps)) {
    props[key] = isNodeList(value) ? <LayoutNodes nodes={value} /> : value;
  }
  const device = node.$middleware?.visibility?.device;
  const element = (
    <WidgetErrorBoundary name={node.$reactComponent}>
      <Suspense fallback={<Loader />}>
        <Widget {...props} />
      </Suspense>
    </WidgetErrorBoundary>
  );
  if (device === 'mobile' || device === 'desktop') {
    return <div className={device === 'mobile' ? styles.mobileOnly : styles.desktopOnly}>{element}</div>;
  }
  return element;
}

/** A list of layout nodes, in order. */
export function LayoutNodes({ nodes }: { nodes: readonly WidgetNode[] }): ReactNode {
  return nodes.map((node, index) => <LayoutNode key={`${node.$reactComponent}-${index}`} node={node} />);
}
