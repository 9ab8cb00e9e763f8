import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  LabelList,
  XAxis,
  YAxis,
  type YAxisTickContentProps,
} from 'recharts';
import { useBcp47 } from '../../lib/language';
import { ChartFigure } from './chart-figure';
import { fitLines, textWidth } from './label-fit';

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

const FONT_SIZE = 11;
const LINE_HEIGHT_EM = 1.2;
const BAR_HEIGHT = 26;
/** A row whose name takes two lines needs room for them beside its bar. */
const TWO_LINE_BAR_HEIGHT = 34;
const AXIS_HEIGHT = 24;
/** The tick's gap to the axis line. */
const TICK_GAP = 8;
/**
 * The widest the names may take on a 390 px phone, whose card leaves about 326 px: the rest is for the bars
 * and their counts. Twelve Chinese or Japanese letters, or some twenty Latin ones, fit on a line.
 */
const MAX_LABEL_WIDTH = 132;
const MIN_LABEL_WIDTH = 48;

/** Each name cut into the lines it is drawn in, and the column wide enough for the widest line. */
export function labelColumn(
  bars: readonly CategoryBar[],
  bcp47: string,
): { width: number; lines: Map<string, string[]> } {
  const lines = new Map(
    bars.map((bar) => [bar.label, fitLines(bar.label, MAX_LABEL_WIDTH - TICK_GAP, FONT_SIZE, bcp47)]),
  );
  const widest = Math.max(
    0,
    ...[...lines.values()].flat().map((line) => Math.ceil(textWidth(line, FONT_SIZE))),
  );
  return { width: Math.min(MAX_LABEL_WIDTH, Math.max(MIN_LABEL_WIDTH, TICK_GAP + widest)), lines };
}

/** A category's name at the axis, in its lines, centred on its bar. */
function CategoryTick({
  x,
  y,
  fill,
  payload,
  lines,
}: YAxisTickContentProps & { lines: ReadonlyMap<string, readonly string[]> }) {
  const label = String(payload.value);
  const drawn = lines.get(label) ?? [label];
  // 0.355em puts one line's middle on the bar's, as Recharts' own ticks do.
  const firstDy = 0.355 - ((drawn.length - 1) * LINE_HEIGHT_EM) / 2;
  return (
    <text x={x} y={y} textAnchor="end" fontSize={FONT_SIZE} fill={fill}>
      {drawn.map((line, index) => (
        <tspan key={index} x={x} dy={`${index === 0 ? firstDy : LINE_HEIGHT_EM}em`}>
          {line}
        </tspan>
      ))}
    </text>
  );
}

/**
 * How many fall in each category, one horizontal bar per category with its name beside it and its count at
 * its end: on a phone, upright bars of six or more categories left room for only some of their names. The
 * name column is sized from the drawn width of the names, so a Chinese or Japanese name (a full em a
 * letter) is not cut; a name too long for a phone wraps to a second line, then ends with '…'.
 */
export function CategoryBarChart({ id, title, bars, color, summary }: Props) {
  const bcp47 = useBcp47();
  const column = labelColumn(bars, bcp47);
  const twoLines = [...column.lines.values()].some((lines) => lines.length > 1);
  const height = bars.length * (twoLines ? TWO_LINE_BAR_HEIGHT : BAR_HEIGHT) + AXIS_HEIGHT;
  return (
    <ChartFigure id={id} title={title} height={height} caption={summary}>
      <BarChart
        data={bars}
        layout="vertical"
        margin={{ top: 0, right: 28, bottom: 0, left: 0 }}
        accessibilityLayer={false}
      >
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" allowDecimals={false} domain={[0, 'auto']} tick={{ fontSize: FONT_SIZE }} />
        <YAxis
          type="category"
          dataKey="label"
          width={column.width}
          interval={0}
          tick={(props: YAxisTickContentProps) => <CategoryTick {...props} lines={column.lines} />}
        />
        <Bar dataKey="value" fill={color} isAnimationActive={false}>
          {bars.map((bar) => (
            <Cell key={bar.label} fill={bar.color ?? color} />
          ))}
          <LabelList dataKey="value" position="right" fontSize={FONT_SIZE} />
        </Bar>
      </BarChart>
    </ChartFigure>
  );
}
