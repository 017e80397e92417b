import { Breadcrumbs, type Crumb } from '../../components/Breadcrumbs.tsx';

export interface BreadcrumbsWidgetProps {
  crumbs?: Crumb[];
}

/** The `Breadcrumbs` layout widget: crumbs hydrated by the server (site paths). */
export function BreadcrumbsWidget({ crumbs = [] }: BreadcrumbsWidgetProps) {
  return <Breadcrumbs crumbs={crumbs} />;
}
