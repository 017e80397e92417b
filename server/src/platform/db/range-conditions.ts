import { sql, type Expression, type ExpressionBuilder, type ReferenceExpression, type SqlBool } from 'kysely';
import type { RangeFilter } from '../../../../common/src/api/categories.ts';

/**
 * The conditions of an ID or number range filter (api-contract §1.5) on `column`, to be and-ed:
 * `column in (…)` for a list (an empty list matches nothing), else one comparison per bound.
 */
export function rangeConditions<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  column: ReferenceExpression<DB, TB>,
  range: RangeFilter,
): Expression<SqlBool>[] {
  // The column's type is not known here: its values are numbers, as the filter's are.
  const compare = eb as unknown as (left: typeof column, op: string, right: number | number[]) => Expression<SqlBool>;
  if (range.kind === 'values') return range.values.length === 0 ? [sql<SqlBool>`1 = 0`] : [compare(column, 'in', range.values)];
  const conditions: Expression<SqlBool>[] = [];
  if (range.min) conditions.push(compare(column, range.min.inclusive ? '>=' : '>', range.min.value));
  if (range.max) conditions.push(compare(column, range.max.inclusive ? '<=' : '<', range.max.value));
  return conditions;
}
