import type { HydratedLayout, WidgetNode } from '../../common/src/api/layouts.ts';

/** Every widget node of a layout, sections' nested lists included, in document order. */
export function widgets(nodes: readonly WidgetNode[]): WidgetNode[] {
  return nodes.flatMap((node) => [
    node,
    ...Object.values(node.$reactProps).flatMap((value) =>
      Array.isArray(value) &&
      value.every((item) => typeof item === 'object' && item !== null && '$reactComponent' in item)
        ? widgets(value as WidgetNode[])
        : [],
    ),
  ]);
}

/** The first widget of a layout named `name`. */
export function widget(layout: HydratedLayout, name: string): WidgetNode | undefined {
  return widgets(layout.layout).find((node) => node.$reactComponent === name);
}
