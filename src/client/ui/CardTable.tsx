import { Table, type TableProps } from '@mantine/core';
import { type CSSProperties, type ReactNode, useEffect, useRef, useState } from 'react';
import classes from './CardTable.module.css';

interface CardTableProps extends Omit<TableProps, 'children'> {
  /** Names the table (and its box while that scrolls) for screen readers. */
  label: string;
  /** Below this width (from 768 px up) the table scrolls sideways inside its box instead of squeezing its columns. */
  minWidth?: number;
  children: ReactNode;
}

/** Does the box scroll sideways? Followed as the window and the table change size. */
function useScrollsSideways<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const check = () => setScrolls(box.scrollWidth > box.clientWidth + 1);
    const observer = new ResizeObserver(check);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    check();
    return () => observer.disconnect();
  }, []);
  return { ref, scrolls };
}

/**
 * A table that turns into one card per row below 768 px (docs/decisions/0041). Cells name themselves for the cards
 * with `data-label="Preço"`; the first cell (no label) is the card's title, and the actions cell carries
 * `data-actions`.
 */
export function CardTable({ label, minWidth = 0, children, className, ...tableProps }: CardTableProps) {
  const { ref, scrolls } = useScrollsSideways<HTMLDivElement>();
  // Only a box that scrolls is a stop for the keyboard (axe: scrollable-region-focusable); one that fits is not.
  const focusable = scrolls ? { role: 'region', 'aria-label': `${label} (role para os lados)`, tabIndex: 0 } : {};
  return (
    <div ref={ref} className={classes.scroll} style={{ '--card-table-min-width': `${minWidth}px` } as CSSProperties} {...focusable}>
      <Table aria-label={label} className={[classes.table, className].filter(Boolean).join(' ')} {...tableProps}>
        {children}
      </Table>
    </div>
  );
}
