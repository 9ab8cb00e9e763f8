import { Bar, BarChart, CartesianGrid, Cell, LabelList, XAxis, YAxis } from 'recharts';
import { ChartFigure } from './chart-figure';

export interface CategoryBar {
  /** The category ('Low', 'Estrus detection', 'Fever'). */
  label: string;
  value: number;
  /** This bar's colour, in place of the chart's. */
  color?: string;
}

interface Props {
  id: string;
  title: string;
  bars: readonly CategoryBar[];
  color: string;
  /** The counts in words, for screen readers and a quick read. */
  summary: string;
}

const BAR_HEIGHT = 26;
const AXIS_HEIGHT = 24;
/** Room for the longest category name at the axis's 11 px, within what a phone's width allows. */
const labelWidth = (bars: readonly CategoryBar[]) =>
  Math.min(150, Math.max(48, 8 + 6.5 * Math.max(0, ...bars.map((bar) => bar.label.length))));

/**
 * How many fall in each category, one horizontal bar per category with its name beside it and its count at
 * its end: on a phone, upright bars of six or more categories left room for only some of their names.
 */
export function CategoryBarChart({ id, title, bars, color, summary }: Props) {
  const height = bars.length * BAR_HEIGHT + AXIS_HEIGHT;
  return (
    <ChartFigure id={id} title={title} height={height} caption={summary}>
      <BarChart data={bars} layout="vertical" margin={{ top: 0, right: 28, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" allowDecimals={false} domain={[0, 'auto']} tick={{ fontSize: 11 }} />
        <YAxis
          type="category"
          dataKey="label"
          width={labelWidth(bars)}
          interval={0}
          tick={{ fontSize: 11 }}
        />
        <Bar dataKey="value" fill={color} isAnimationActive={false}>
          {bars.map((bar) => (
            <Cell key={bar.label} fill={bar.color ?? color} />
          ))}
          <LabelList dataKey="value" position="right" fontSize={11} />
        </Bar>
      </BarChart>
    </ChartFigure>
  );
}
