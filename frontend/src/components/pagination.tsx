/** Previous and next page buttons with "Page n of m" (pages counted from 0). */
export function Pagination({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  if (pages <= 1) return null;
  return (
    <nav className="pagination" aria-label="Pages">
      <button
        type="button"
        className="button button--secondary"
        disabled={page <= 0}
        onClick={() => onPage(page - 1)}
      >
        Previous page
      </button>
      <span>
        Page {page + 1} of {pages}
      </span>
      <button
        type="button"
        className="button button--secondary"
        disabled={page + 1 >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next page
      </button>
    </nav>
  );
}
