import { detectForCow } from './src/detection/detect-cow';
import { dailyAverages } from '@cowcare/domain/daily-averages';
import { detectEstrusEpisodes } from '@cowcare/domain/estrus-detection';
import { detectActivityAlerts } from '@cowcare/domain/activity-alerts';
import { detectTemperatureAlerts } from '@cowcare/domain/fever-detection';
import { detectDrinkingEvents, detectLowDrinking } from '@cowcare/domain/drinking-detection';
import { detectAlertLineCrossings } from '@cowcare/domain/alert-line-crossings';
const now = Date.parse('2026-11-20T00:00:00Z');
const readings = [] as { time: number; temperature: number | null; activity: number | null }[];
for (let t = now - (11 * 24 + 12) * 3600e3; t <= now; t += 600e3) {
  const h = new Date(t).getUTCHours();
  readings.push({ time: t, temperature: 38.6 + Math.random() * 0.3 - (Math.random() < 0.05 ? 2 : 0), activity: Math.round(20 + 15 * Math.sin(h / 4) + Math.random() * 10) });
}
const base = { status: '발정탐지', sex: 'female' as const, temperatureOffset: null, expectedCalvingDate: null, serviceDate: null, lastCalvingDate: null, currentDrink: null, averageDrink: null, averageTemperature: 38.7, averageActivity: 25, alertLines: { tempUp: null, tempLow: null, activityUp: null, activityLow: null } };
const time = (label: string, f: () => unknown, n = 2000) => { for (let i = 0; i < 200; i++) f(); const s = performance.now(); for (let i = 0; i < n; i++) f(); console.log(label, ((performance.now() - s) / n * 1000).toFixed(1), 'us'); };
const temps = readings.map(r => ({ time: r.time, temperature: r.temperature as number }));
const act = readings.map(r => ({ time: r.time, activity: r.activity as number }));
time('neck full', () => detectForCow({ ...base, id: 1, sensorId: 40001 }, readings, now - 6 * 3600e3));
time('bolus full', () => detectForCow({ ...base, id: 1, sensorId: 1001 }, readings, now - 6 * 3600e3));
time('estrus', () => detectEstrusEpisodes(act, { parameters: { lookAhead: false } }));
time('activity', () => detectActivityAlerts(act, { highActivity: false, estrusEpisodes: [] }));
time('temp neck', () => detectTemperatureAlerts(temps, { offset: null, bolus: false }));
time('temp bolus', () => detectTemperatureAlerts(temps, { offset: null, bolus: true }));
time('drink events', () => detectDrinkingEvents(temps));
const ev = detectDrinkingEvents(temps);
time('low drinking', () => detectLowDrinking(temps, { events: ev }));
time('lines', () => detectAlertLineCrossings(readings, base.alertLines, { bolus: false }));
time('averages', () => dailyAverages(readings, now, { temperature: 38.7, activity: 25 }));
