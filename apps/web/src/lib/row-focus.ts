import {
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type RefObject,
} from 'react';

/**
 * Keyboard movement in a long list (WAI-ARIA "roving tabindex"): only one row's controls are in the Tab
 * order, so a keyboard user passes a list of 65 cows in two presses instead of 130; the arrow keys, Home,
 * End, Page Up and Page Down move between rows, keeping the same control (checkbox to checkbox, link to link).
 *
 * A row is an element with `data-row-index`; its controls spread `rowControl(row is the tabbable one)`.
 */
export interface RowControl {
  tabIndex: 0 | -1;
  'data-row-control': true;
  'aria-keyshortcuts': string;
}

const KEYS = 'ArrowUp ArrowDown Home End PageUp PageDown';
/** Frozen, so a memoised row re-renders only when its row becomes or stops being the tabbable one. */
const TABBABLE_ROW: RowControl = Object.freeze({
  tabIndex: 0,
  'data-row-control': true,
  'aria-keyshortcuts': KEYS,
});
const UNTABBABLE_ROW: RowControl = Object.freeze({
  tabIndex: -1,
  'data-row-control': true,
  'aria-keyshortcuts': KEYS,
});

export function rowControl(tabbable: boolean): RowControl {
  return tabbable ? TABBABLE_ROW : UNTABBABLE_ROW;
}

/** The row a key moves to from `current` in a list of `count` rows, or null when the key is not ours. */
export function rowAfterKey(key: string, current: number, count: number, pageRows: number): number | null {
  const last = count - 1;
  const page = Math.max(1, pageRows);
  switch (key) {
    case 'ArrowDown':
      return Math.min(last, current + 1);
    case 'ArrowUp':
      return Math.max(0, current - 1);
    case 'Home':
      return 0;
    case 'End':
      return last;
    case 'PageDown':
      return Math.min(last, current + page);
    case 'PageUp':
      return Math.max(0, current - page);
    default:
      return null;
  }
}

/** A row's controls; a row may be its own one control (a notice is one button). */
function controlsOf(row: Element): HTMLElement[] {
  if (row instanceof HTMLElement && row.hasAttribute('data-row-control')) return [row];
  return [...row.querySelectorAll<HTMLElement>('[data-row-control]')];
}

/** Focuses the control in `column` of row `index`; false when that row is not rendered (yet). */
function focusRow(list: HTMLElement | null, index: number, column: number, preventScroll: boolean): boolean {
  const row = list?.querySelector(`[data-row-index="${index}"]`);
  const controls = row ? controlsOf(row) : [];
  const control = controls[Math.min(column, controls.length - 1)];
  control?.focus({ preventScroll });
  return control !== undefined;
}

function rowOf(target: EventTarget): { index: number; column: number } | null {
  if (!(target instanceof HTMLElement) || !target.hasAttribute('data-row-control')) return null;
  const row = target.closest<HTMLElement>('[data-row-index]');
  if (!row) return null;
  return { index: Number(row.dataset.rowIndex), column: Math.max(0, controlsOf(row).indexOf(target)) };
}

interface Options {
  count: number;
  /** Rows one Page Up or Page Down moves. */
  pageRows: number;
  /** Makes sure row `index` is rendered before it is focused (a windowed list scrolls to it). */
  reveal?: (index: number) => void;
}

/**
 * The list's tabbable row and its key handlers. Put `onKeyDown` and `onFocus` on the list's element (`list`);
 * give the controls of row `activeRow` `rowControl(true)` and those of every other row `rowControl(false)`.
 */
export function useRowFocus(list: RefObject<HTMLElement | null>, { count, pageRows, reveal }: Options) {
  const [activeRow, setActiveRow] = useState(0);
  const pending = useRef<{ index: number; column: number } | null>(null);

  // A windowed list renders a far row only after it has scrolled there: focus it after that render.
  useLayoutEffect(() => {
    const target = pending.current;
    if (target && focusRow(list.current, target.index, target.column, Boolean(reveal))) {
      pending.current = null;
    }
  });

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const from = rowOf(event.target);
    if (!from) return;
    const index = rowAfterKey(event.key, from.index, count, pageRows);
    if (index === null) return;
    event.preventDefault();
    if (index === from.index) return;
    // A windowed list scrolls to the row itself; a plain one lets the browser scroll to the focused control.
    reveal?.(index);
    if (!focusRow(list.current, index, from.column, Boolean(reveal))) {
      pending.current = { index, column: from.column };
    }
    setActiveRow(index);
  };

  // A click or Tab into another row makes it the row Tab comes back to.
  const onFocus = (event: FocusEvent<HTMLElement>) => {
    const at = rowOf(event.target);
    if (at) setActiveRow(at.index);
  };

  return { activeRow: Math.min(activeRow, Math.max(0, count - 1)), onKeyDown, onFocus };
}
