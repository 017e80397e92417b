import { lazy, type ComponentType } from 'react';
import { SectionFullWidth } from './sections/SectionFullWidth.tsx';
import { SectionOneColumn } from './sections/SectionOneColumn.tsx';
import { SectionTwoColumns } from './sections/SectionTwoColumns.tsx';

/** A registered widget: it receives the node's hydrated `$reactProps` (nested nodes already rendered). */
export type WidgetComponent = ComponentType<Record<string, unknown>>;

/** A component registered under a layout name; its props are the hydrated ones (typed per widget). */
function asWidget<P>(component: ComponentType<P>): WidgetComponent {
  return component as unknown as WidgetComponent;
}

/** A widget loaded on first use (CONVENTIONS §7: the registry lazy-imports feature components). */
function lazyWidget<P>(load: () => Promise<ComponentType<P>>): WidgetComponent {
  return lazy(async () => ({ default: asWidget(await load()) }));
}

/**
 * Layout component name → React component (interfaces.md "Layouts"). Sections are part of the
 * main bundle; widgets load lazily, the server render waits for them.
 */
export const widgetRegistry: Readonly<Record<string, WidgetComponent>> = {
  SectionOneColumn: asWidget(SectionOneColumn),
  SectionTwoColumns: asWidget(SectionTwoColumns),
  SectionFullWidth: asWidget(SectionFullWidth),
  // The title bar is the app frame's (AppLayout); the layout's node needs nothing more.
  TitleBar: () => null,
  Banner: lazyWidget(async () => (await import('./widgets/Banner.tsx')).Banner),
  Breadcrumbs: lazyWidget(async () => (await import('./widgets/BreadcrumbsWidget.tsx')).BreadcrumbsWidget),
  Html: lazyWidget(async () => (await import('./widgets/HtmlWidget.tsx')).HtmlWidget),
  TagCloud: lazyWidget(async () => (await import('./widgets/TagCloud.tsx')).TagCloud),
  NewPostMenu: lazyWidget(async () => (await import('./widgets/NewPostMenu.tsx')).NewPostMenu),
  DiscussionList: lazyWidget(
    async () =>
      (await import('../features/discussions/components/list/DiscussionListWidget.tsx'))
        .DiscussionListWidget,
  ),
  CategoryList: lazyWidget(
    async () =>
      (await import('../features/categories/components/CategoryListWidget.tsx')).CategoryListWidget,
  ),
  // The discussion page's widgets (discussion-page helper).
  DiscussionOriginalPost: lazyWidget(
    async () => (await import('../features/discussions/widgets.ts')).DiscussionOriginalPost,
  ),
  DiscussionTags: lazyWidget(
    async () => (await import('../features/discussions/widgets.ts')).DiscussionTags,
  ),
  CreateComment: lazyWidget(async () => (await import('../features/discussions/widgets.ts')).CreateComment),
  DiscussionCommentThread: lazyWidget(
    async () => (await import('../features/comments/widgets.ts')).DiscussionCommentThread,
  ),
};
