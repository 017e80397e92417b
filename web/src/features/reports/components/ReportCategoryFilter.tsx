import { useId } from 'react';
import type { CategoryTreeNode } from '../../../../../common/src/api/categories.ts';
import { t } from '../../../lib/i18n.ts';
import { useCategoryTreeQuery } from '../../admin/api/admin.queries.ts';

export interface ReportCategoryFilterProps {
  value: number | undefined;
  onChange: (categoryID: number | undefined) => void;
}

/** The categories of the tree in order, each with its depth below the top. */
function flatten(nodes: readonly CategoryTreeNode[], depth = 0): { categoryID: number; name: string; depth: number }[] {
  return nodes.flatMap((node) => [{ categoryID: node.categoryID, name: node.name, depth }, ...flatten(node.children, depth + 1)]);
}

/**
 * The reports dashboard's category filter (`placeRecordID`): the categories the moderator can see,
 * in tree order and indented, instead of a typed ID. A category in the URL that the tree does not
 * hold (not loaded yet, or hidden) stays selected by its ID.
 */
export function ReportCategoryFilter({ value, onChange }: ReportCategoryFilterProps) {
  const id = useId();
  const tree = useCategoryTreeQuery();
  const choices = flatten(tree.data ?? []);
  const known = value === undefined || choices.some((choice) => choice.categoryID === value);
  return (
    <label htmlFor={id}>
      {t('Category')}
      <select
        id={id}
        value={value === undefined ? '' : String(value)}
        onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
      >
        <option value="">{t('All')}</option>
        {known ? null : <option value={String(value)}>{`#${String(value)}`}</option>}
        {choices.map((choice) => (
          <option key={choice.categoryID} value={String(choice.categoryID)}>
            {`${'\u00a0\u00a0\u00a0'.repeat(choice.depth)}${choice.name}`}
          </option>
        ))}
      </select>
    </label>
  );
}
