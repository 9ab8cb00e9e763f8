import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { visibleRange, WindowedList } from './windowed-list';

describe('visibleRange', () => {
  it('covers the viewport plus the overscan, clamped to the list', () => {
    expect(visibleRange(0, 500, 50, 10_000, 5)).toEqual({ start: 0, end: 16 });
    expect(visibleRange(50 * 1000, 500, 50, 10_000, 5)).toEqual({ start: 995, end: 1016 });
    expect(visibleRange(50 * 9_995, 500, 50, 10_000, 5)).toEqual({ start: 9_990, end: 10_000 });
  });

  it('is empty for an empty list and safe for a scroll beyond the end', () => {
    expect(visibleRange(0, 500, 50, 0, 5)).toEqual({ start: 0, end: 0 });
    expect(visibleRange(1e9, 500, 50, 3, 2)).toEqual({ start: 0, end: 3 });
  });
});

describe('WindowedList', () => {
  const items = Array.from({ length: 10_000 }, (_, index) => `row ${index}`);

  it('renders a window of 10,000 rows and moves it on scroll', async () => {
    render(
      <WindowedList
        items={items}
        rowHeight={40}
        height={400}
        initialViewportHeight={400}
        overscan={3}
        label="Rows"
        getKey={(item) => item}
        renderRow={(item) => <span>{item}</span>}
      />,
    );
    const list = screen.getByRole('list', { name: 'Rows' });
    expect(screen.getAllByRole('listitem')).toHaveLength(14);
    expect(screen.getByText('row 0')).toBeTruthy();
    const spacer = list.firstElementChild as HTMLElement;
    expect(spacer.style.height).toBe('400000px');

    await act(async () => {
      list.scrollTop = 40 * 7_000;
      list.dispatchEvent(new Event('scroll'));
    });
    const rows = screen.getAllByRole('listitem');
    expect(rows.length).toBeLessThan(20);
    expect(screen.queryByText('row 0')).toBeNull();
    expect(screen.getByText('row 7000')).toBeTruthy();
    expect(rows[0]?.getAttribute('aria-posinset')).toBe('6998');
    expect(rows[0]?.getAttribute('aria-setsize')).toBe('10000');
  });
});

describe('WindowedList keyboard', () => {
  const cows = Array.from({ length: 500 }, (_, index) => `C${index}`);

  function renderCows() {
    render(
      <WindowedList
        items={cows}
        rowHeight={40}
        height={400}
        initialViewportHeight={400}
        overscan={2}
        label="Cows"
        getKey={(item) => item}
        renderRow={(item, _index, control) => (
          <span>
            <input type="checkbox" aria-label={`select ${item}`} {...control} />
            <a href={`#${item}`} {...control}>
              {item}
            </a>
          </span>
        )}
      />,
    );
  }

  const tabbable = () =>
    [...document.querySelectorAll<HTMLElement>('[data-row-control]')]
      .filter((element) => element.tabIndex === 0)
      .map((element) => element.getAttribute('aria-label') ?? element.textContent);

  it('keeps one row in the Tab order, so Tab passes the list in two presses', async () => {
    const user = userEvent.setup();
    renderCows();
    expect(tabbable()).toEqual(['select C0', 'C0']);
    await user.tab();
    await user.tab();
    expect(document.activeElement?.textContent).toBe('C0');
    await user.tab();
    expect(document.activeElement).toBe(document.body);
  });

  it('moves by arrows to the same control of the next row and renders a far row before focusing it', async () => {
    const user = userEvent.setup();
    renderCows();
    await user.tab();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('select C2');
    await user.keyboard('{End}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('select C499');
    expect(screen.queryByText('C0')).toBeNull();
    expect(tabbable()).toEqual(['select C499', 'C499']);
    await user.keyboard('{PageUp}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('select C489');
    await user.tab();
    await user.keyboard('{Home}');
    expect(document.activeElement?.textContent).toBe('C0');
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement?.textContent).toBe('C0');
  });

  it('lets Tab enter at the top of the view after a scroll by wheel or finger', async () => {
    renderCows();
    const list = screen.getByRole('list', { name: 'Cows' });
    await act(async () => {
      list.scrollTop = 40 * 300;
      list.dispatchEvent(new Event('scroll'));
    });
    expect(tabbable()).toEqual(['select C300', 'C300']);
  });
});
