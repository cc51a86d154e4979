import { COMPARE_MAX_CARS } from '../types/generated/constants';
import type { CarRef } from '../features/account/records';
import { COMPARE_PATH, toggleCompared, useCompared } from '../features/compare/compare-store';
import { showToast } from './toast';

/** The compare toggle of a card or vehicle page (seed 000 s4 "save or compare
 *  toggle"): a pressed button while the car is in the comparison. Its text stays
 *  "Compare" (the box's tick says it is in), so a comparison read from storage after
 *  hydration moves nothing on the page. Each change is confirmed in the toast region
 *  (announced politely) with a link to the compare page; a full comparison says how
 *  many cars it takes instead of dropping one. */
export function CompareToggle({ car, className }: { car: CarRef; className?: string }) {
  const compared = useCompared();
  const on = compared.some((c) => c.id === car.id);
  const action = { label: 'Compare cars', href: COMPARE_PATH };
  function toggle() {
    const change = toggleCompared(car);
    const count = compared.length + (change === 'added' ? 1 : change === 'removed' ? -1 : 0);
    if (change === 'full')
      showToast({
        text: `You can compare up to ${COMPARE_MAX_CARS} cars. Remove one to add the ${car.name}.`,
        action,
      });
    else if (change === 'added')
      showToast({
        text: `Added the ${car.name} to compare (${count} of ${COMPARE_MAX_CARS}).`,
        action,
      });
    else showToast({ text: `Removed the ${car.name} from compare.`, action });
  }
  return (
    <button
      type="button"
      className={`compare-toggle${on ? ' compare-toggle--on' : ''}${className ? ` ${className}` : ''}`}
      aria-pressed={on}
      aria-label={`Compare ${car.name}`}
      onClick={toggle}
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <rect x="3" y="3" width="18" height="18" rx="3" />
        {on ? <path d="m7 12.5 3.2 3.2L17 9" /> : null}
      </svg>
      <span>Compare</span>
    </button>
  );
}
