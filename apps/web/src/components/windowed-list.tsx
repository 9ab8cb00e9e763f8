import {
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type Key,
  type ReactNode,
  type UIEvent,
} from 'react';
import { rowControl, useRowFocus, type RowControl } from '../lib/row-focus';

export interface VisibleRange {
  /** First rendered index (inclusive). */
  start: number;
  /** Last rendered index (exclusive). */
  end: number;
}

/**
 * The rows a viewport shows, plus `overscan` rows either side so a fast scroll does not flash empty space.
 * Pure, so the windowing arithmetic is tested without a layout engine.
 */
export function visibleRange(
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
  count: number,
  overscan: number,
): VisibleRange {
  if (count <= 0 || rowHeight <= 0) return { start: 0, end: 0 };
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const shown = Math.ceil(Math.max(0, viewportHeight) / rowHeight) + 1;
  const start = Math.max(0, Math.min(first, count - 1) - overscan);
  const end = Math.min(count, first + shown + overscan);
  return { start, end: Math.max(start, end) };
}

interface WindowedListProps<T> {
  items: readonly T[];
  /** Every row has this height in pixels; the list relies on it to place rows without measuring them. */
  rowHeight: number;
  /** CSS height of the scrolling viewport. */
  height: string | number;
  /** `control` goes on each of the row's links, buttons and inputs: it keeps one row in the Tab order. */
  renderRow: (item: T, index: number, control: RowControl) => ReactNode;
  getKey: (item: T, index: number) => Key;
  /** Accessible name of the list. */
  label: string;
  overscan?: number;
  /** Viewport height assumed until the element is measured (first paint; test environments). */
  initialViewportHeight?: number;
  /**
   * Shown as a table instead of a list (the desktop's cow list): `header` is the column header row, kept
   * above the scrolling rows; each row is a CSS grid of `columns` whose cells `renderRow` returns.
   */
  table?: { header: ReactNode; columns: string };
  /** `data-*` attributes of an item's row (its selection, for the row's background). */
  rowData?: (item: T) => Record<`data-${string}`, string | undefined>;
}

/**
 * A list that renders only the rows in view (windowing), so 10,000 cows cost as much as 20. Rows have a
 * fixed height; the scroll container is the list itself. One row's controls are in the Tab order and the
 * arrow keys move between rows, rendering a far row before focusing it (see `useRowFocus`).
 */
export function WindowedList<T>({
  items,
  rowHeight,
  height,
  renderRow,
  getKey,
  label,
  overscan = 6,
  initialViewportHeight = 640,
  table,
  rowData,
}: WindowedListProps<T>) {
  const viewport = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewportHeight, setViewportHeight] = useState(initialViewportHeight);

  useEffect(() => {
    const element = viewport.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (element.clientHeight > 0) setViewportHeight(element.clientHeight);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const onScroll = (event: UIEvent<HTMLDivElement>) => setScrollTop(event.currentTarget.scrollTop);
  const { start, end } = visibleRange(scrollTop, viewportHeight, rowHeight, items.length, overscan);

  const reveal = (index: number) => {
    const element = viewport.current;
    if (!element) return;
    const top = index * rowHeight;
    let next = element.scrollTop;
    if (top < next) next = top;
    else if (top + rowHeight > next + viewportHeight) next = top + rowHeight - viewportHeight;
    element.scrollTop = next;
    setScrollTop(next);
  };
  const { activeRow, onKeyDown, onFocus } = useRowFocus(viewport, {
    count: items.length,
    pageRows: Math.floor(viewportHeight / rowHeight),
    reveal,
  });
  // After a scroll by wheel or finger the remembered row may be gone: Tab then enters at the top of the view.
  const tabbableRow =
    activeRow >= start && activeRow < end ? activeRow : Math.min(end - 1, Math.ceil(scrollTop / rowHeight));

  const rowStyle: CSSProperties = { height: rowHeight, boxSizing: 'border-box', overflow: 'hidden' };
  const rows: ReactNode[] = [];
  for (let index = start; index < end; index += 1) {
    const item = items[index] as T;
    rows.push(
      <div
        key={getKey(item, index)}
        {...(table
          ? { role: 'row', 'aria-rowindex': index + 2 }
          : { role: 'listitem', 'aria-setsize': items.length, 'aria-posinset': index + 1 })}
        {...rowData?.(item)}
        data-row-index={index}
        style={table ? { ...rowStyle, display: 'grid', gridTemplateColumns: table.columns } : rowStyle}
      >
        {renderRow(item, index, rowControl(index === tabbableRow))}
      </div>,
    );
  }

  const scroller = (
    <div
      ref={viewport}
      role={table ? 'rowgroup' : 'list'}
      aria-label={table ? undefined : label}
      onScroll={onScroll}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
      data-testid="windowed-list"
      style={{
        height,
        overflowY: 'auto',
        position: 'relative',
        overscrollBehavior: 'contain',
        // The header sits outside the scrolling rows: both keep the scrollbar's room, so columns line up.
        ...(table ? { scrollbarGutter: 'stable' } : {}),
      }}
    >
      <div style={{ height: items.length * rowHeight, position: 'relative' }}>
        <div style={{ position: 'absolute', top: start * rowHeight, left: 0, right: 0 }}>{rows}</div>
      </div>
    </div>
  );
  if (!table) return scroller;
  return (
    <div role="table" aria-label={label} aria-rowcount={items.length + 1} className="windowed-table">
      <div role="rowgroup" style={{ overflowY: 'hidden', scrollbarGutter: 'stable' }}>
        <div role="row" aria-rowindex={1} style={{ display: 'grid', gridTemplateColumns: table.columns }}>
          {table.header}
        </div>
      </div>
      {scroller}
    </div>
  );
}
