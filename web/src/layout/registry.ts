import type { ComponentType } from 'react';
import type { WidgetNode } from '../../../common/src/api/layouts.lookup.ts';
import { lazyWithPreload, type Preloadable } from '../lib/lazy-preload.ts';
import { SectionFullWidth } from './sections/SectionFullWidth.tsx';
import { SectionOneColumn } from './sections/SectionOneColumn.tsx';
import { SectionTwoColumns } from './sections/SectionTwoColumns.tsx';

/** A registered widget: it receives the node's hydrated `$reactProps` (nested nodes already rendered). */
export type WidgetComponent = ComponentType<Record<string, unknown>>;

/** A component registered under a layout name; its props are the hydrated ones (typed per widget). */
function asWidget<P>(component: ComponentType<P>): WidgetComponent {
  return component as unknown as WidgetComponent;
}

/** Widgets that load on first use, by layout name, with their module (to preload them). */
const lazyWidgets = new Map<string, Preloadable>();

/**
 * A widget loaded on first use (CONVENTIONS §7: the registry lazy-imports feature components).
 * `source` is the module's path from the web root, for preloading (`lib/lazy-preload.ts`).
 */
function lazyWidget<P>(
  name: string,
  source: string,
  load: () => Promise<ComponentType<P>>,
): WidgetComponent {
  const component = lazyWithPreload(source, async () => asWidget(await load()));
  lazyWidgets.set(name, component);
  return component;
}

/**
 * Layout component name → React component (interfaces.md "Layouts"). Sections are part of the
 * main bundle; widgets load lazily, the server render waits for them, and the browser preloads
 * the widgets of the page it hydrates.
 */
export const widgetRegistry: Readonly<Record<string, WidgetComponent>> = {
  SectionOneColumn: asWidget(SectionOneColumn),
  SectionTwoColumns: asWidget(SectionTwoColumns),
  SectionFullWidth: asWidget(SectionFullWidth),
  // The title bar is the app frame's (AppLayout); the layout's node needs nothing more.
  TitleBar: () => null,
  Banner: lazyWidget(
    'Banner',
    'src/layout/widgets/Banner.tsx',
    async () => (await import('./widgets/Banner.tsx')).Banner,
  ),
  Breadcrumbs: lazyWidget(
    'Breadcrumbs',
    'src/layout/widgets/BreadcrumbsWidget.tsx',
    async () => (await import('./widgets/BreadcrumbsWidget.tsx')).BreadcrumbsWidget,
  ),
  Html: lazyWidget(
    'Html',
    'src/layout/widgets/HtmlWidget.tsx',
    async () => (await import('./widgets/HtmlWidget.tsx')).HtmlWidget,
  ),
  TagCloud: lazyWidget(
    'TagCloud',
    'src/layout/widgets/TagCloud.tsx',
    async () => (await import('./widgets/TagCloud.tsx')).TagCloud,
  ),
  NewPostMenu: lazyWidget(
    'NewPostMenu',
    'src/layout/widgets/NewPostMenu.tsx',
    async () => (await import('./widgets/NewPostMenu.tsx')).NewPostMenu,
  ),
  DiscussionList: lazyWidget(
    'DiscussionList',
    'src/features/discussions/components/list/DiscussionListWidget.tsx',
    async () =>
      (await import('../features/discussions/components/list/DiscussionListWidget.tsx'))
        .DiscussionListWidget,
  ),
  CategoryList: lazyWidget(
    'CategoryList',
    'src/features/categories/components/CategoryListWidget.tsx',
    async () =>
      (await import('../features/categories/components/CategoryListWidget.tsx')).CategoryListWidget,
  ),
  CategoryFollow: lazyWidget(
    'CategoryFollow',
    'src/features/categories/components/CategoryFollowWidget.tsx',
    async () =>
      (await import('../features/categories/components/CategoryFollowWidget.tsx')).CategoryFollowWidget,
  ),
  FeaturedCollections: lazyWidget(
    'FeaturedCollections',
    'src/features/collections/components/FeaturedCollectionsWidget.tsx',
    async () =>
      (await import('../features/collections/components/FeaturedCollectionsWidget.tsx'))
        .FeaturedCollectionsWidget,
  ),
  // The discussion page's widgets (discussion-page helper).
  DiscussionOriginalPost: lazyWidget(
    'DiscussionOriginalPost',
    'src/features/discussions/widgets.ts',
    async () => (await import('../features/discussions/widgets.ts')).DiscussionOriginalPost,
  ),
  DiscussionTags: lazyWidget(
    'DiscussionTags',
    'src/features/discussions/widgets.ts',
    async () => (await import('../features/discussions/widgets.ts')).DiscussionTags,
  ),
  CreateComment: lazyWidget(
    'CreateComment',
    'src/features/discussions/widgets.ts',
    async () => (await import('../features/discussions/widgets.ts')).CreateComment,
  ),
  DiscussionCommentThread: lazyWidget(
    'DiscussionCommentThread',
    'src/features/comments/widgets.ts',
    async () => (await import('../features/comments/widgets.ts')).DiscussionCommentThread,
  ),
};

/** Every lazily loaded widget, for tests (each `source` must name its module). */
export function registeredLazyWidgets(): ReadonlyMap<string, Preloadable> {
  return lazyWidgets;
}

/** The lazily loaded widgets a hydrated layout draws, nested nodes included. */
export function lazyWidgetsOf(nodes: readonly WidgetNode[]): Preloadable[] {
  const found = new Set<Preloadable>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    const node = value as Partial<WidgetNode>;
    if (typeof node.$reactComponent !== 'string') return;
    const widget = lazyWidgets.get(node.$reactComponent);
    if (widget !== undefined) found.add(widget);
    if (node.$reactProps !== undefined) visit(Object.values(node.$reactProps));
  };
  visit(nodes);
  return [...found];
}
