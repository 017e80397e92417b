import { FollowMenu } from './FollowMenu.tsx';

/** Props the server hydrates for the category follow widget (spec 000 §2 layout widgets). */
export interface CategoryFollowWidgetProps {
  categoryID: number;
  name: string;
  url: string;
}

/** The `CategoryFollow` layout widget: the follow menu of the category page. */
export function CategoryFollowWidget({ categoryID, name, url }: CategoryFollowWidgetProps) {
  return <FollowMenu categoryID={categoryID} categoryName={name} url={url} />;
}
