import { act, render, screen } from '@testing-library/react';
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
