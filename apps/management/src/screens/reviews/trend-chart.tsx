import { useId } from 'react';
import type { TrendPoint } from '../google-business/review-filters';

const WIDTH = 600;
const HEIGHT = 220;
const PAD = { left: 48, right: 16, top: 16, bottom: 36 };

const x = (index: number, count: number) =>
  PAD.left +
  (count <= 1 ? (WIDTH - PAD.left - PAD.right) / 2 : (index * (WIDTH - PAD.left - PAD.right)) / (count - 1));
const y = (average: number) => PAD.top + ((5 - average) / 4) * (HEIGHT - PAD.top - PAD.bottom);

function Chart({ points, descId, unit }: { points: TrendPoint[]; descId: string; unit: string }) {
  const first = points[0];
  const last = points.at(-1);
  const path = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i, points.length)},${y(p.average)}`).join(' ');
  return (
    <svg className="rv-trend__svg" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-describedby={descId}>
      <title>{`Rating trend: average rating per ${unit}`}</title>
      {[1, 2, 3, 4, 5].map((stars) => (
        <g key={stars}>
          <line className="rv-trend__grid" x1={PAD.left} x2={WIDTH - PAD.right} y1={y(stars)} y2={y(stars)} />
          <text className="rv-trend__axis" x={PAD.left - 8} y={y(stars) + 4} textAnchor="end">
            {stars}★
          </text>
        </g>
      ))}
      <path className="rv-trend__line" d={path} />
      {points.map((p, i) => (
        <circle key={p.period} className="rv-trend__dot" cx={x(i, points.length)} cy={y(p.average)} r={4}>
          <title>{`${p.label}: ${p.average} from ${p.count}`}</title>
        </circle>
      ))}
      {first && (
        <text className="rv-trend__axis" x={x(0, points.length)} y={HEIGHT - 10} textAnchor="start">
          {first.label}
        </text>
      )}
      {last && points.length > 1 && (
        <text
          className="rv-trend__axis"
          x={x(points.length - 1, points.length)}
          y={HEIGHT - 10}
          textAnchor="end"
        >
          {last.label}
        </text>
      )}
    </svg>
  );
}

/** Average rating per week or month as a line, with the same figures as a table for screen readers and all. */
export function RatingTrend({
  points,
  unit,
  onUnit,
}: {
  points: TrendPoint[];
  /** The server's choice until one is made here: monthly once the reviews span three months, else weekly. */
  unit: 'week' | 'month';
  onUnit: (unit: 'week' | 'month') => void;
}) {
  const titleId = useId();
  const descId = useId();
  const lowest = points.reduce((low, p) => (low && low.average <= p.average ? low : p), points[0]);
  return (
    <section className="rv-card rv-trend" aria-labelledby={titleId}>
      <div className="rv-trend__head">
        <h2 id={titleId} className="rv-heading">
          Rating trend
        </h2>
        <fieldset className="rv-segmented">
          <legend className="ui-visually-hidden">Average per</legend>
          {(['week', 'month'] as const).map((option) => (
            <label key={option}>
              <input
                type="radio"
                name={`${titleId}-unit`}
                checked={unit === option}
                onChange={() => onUnit(option)}
              />
              <span>{option === 'week' ? 'Weekly' : 'Monthly'}</span>
            </label>
          ))}
        </fieldset>
      </div>
      {points.length === 0 ? (
        <p className="rv-muted">No dated reviews yet.</p>
      ) : (
        <>
          <p id={descId} className="rv-muted">
            Average rating per {unit} over {points.length} {points.length === 1 ? unit : `${unit}s`}, from{' '}
            {points[0]?.label} to {points.at(-1)?.label}
            {lowest ? `; lowest ${lowest.average} in ${lowest.label}` : ''}.
          </p>
          <Chart points={points} descId={descId} unit={unit} />
          <details className="rv-trend__table">
            <summary>Show as a table</summary>
            <table>
              <caption className="ui-visually-hidden">Average rating per {unit}</caption>
              <thead>
                <tr>
                  <th scope="col">{unit === 'week' ? 'Week' : 'Month'}</th>
                  <th scope="col">Average</th>
                  <th scope="col">Reviews</th>
                </tr>
              </thead>
              <tbody>
                {points.map((p) => (
                  <tr key={p.period}>
                    <th scope="row">{p.label}</th>
                    <td>{p.average.toFixed(1)}</td>
                    <td>{p.count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      )}
    </section>
  );
}
