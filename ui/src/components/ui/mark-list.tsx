/**
 * A list whose items each start with a mark ('✓' or '✕', hidden from screen readers; the list
 * itself says it is one): role perks, match reasons, the employer guide's do and don't lists.
 */
export function MarkList({
  items,
  mark = '✓',
  markClassName,
  className,
  itemClassName = 'flex gap-2',
}: {
  items: readonly string[];
  mark?: '✓' | '✕';
  /** The mark's colour. */
  markClassName: string;
  className?: string;
  itemClassName?: string;
}) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item} className={itemClassName}>
          <span aria-hidden className={markClassName}>
            {mark}
          </span>
          {item}
        </li>
      ))}
    </ul>
  );
}
