/** A rating as five stars, read out as "4 out of 5 stars". */
export function Stars({ rating, size = 'md' }: { rating: number; size?: 'md' | 'lg' }) {
  const whole = Math.round(rating);
  return (
    <span className={`rv-stars rv-stars--${size}`} role="img" aria-label={`${rating} out of 5 stars`}>
      <span aria-hidden="true">{'★'.repeat(whole)}</span>
      <span aria-hidden="true" className="rv-stars__off">
        {'★'.repeat(5 - whole)}
      </span>
    </span>
  );
}

export const reviewDate = (time: string | null) =>
  time ? new Date(time).toLocaleDateString(undefined, { dateStyle: 'medium' }) : 'Date unknown';
