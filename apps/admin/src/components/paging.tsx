import { Button } from '@brigade/ui/components/button';

/** Previous / Next under a list, with the page number between. */
export function Paging({
  label,
  page,
  hasPrevious,
  hasNext,
  onPrevious,
  onNext,
}: {
  label: string;
  page: number;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
}) {
  return (
    <nav className="admin-paging" aria-label={label}>
      <Button variant="secondary" size="sm" disabled={!hasPrevious} onClick={onPrevious}>
        Previous
      </Button>
      <span>Page {page}</span>
      <Button variant="secondary" size="sm" disabled={!hasNext} onClick={onNext}>
        Next
      </Button>
    </nav>
  );
}
