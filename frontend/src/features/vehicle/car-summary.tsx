import { MESSAGES } from '../../types/generated/messages';
import { AccordionSection } from './accordion-section';

/** Long lists start closed, the same on the server and after hydration. */
const OPEN_UP_TO = 12;

/** The Car Summary section (seed 001 s2): what the car comes with, its features and its
 *  standard equipment (feed `standardEquipment`), each list only when the car has it. */
export function CarSummary({
  features,
  equipment,
  collapseMs,
  title = MESSAGES.CAR_SUMMARY,
}: {
  features: string[];
  equipment: string[];
  collapseMs: number;
  /** The vehicle's own title ("Summary" on a motorcycle or caravan). */
  title?: string;
}) {
  if (features.length === 0 && equipment.length === 0) return null;
  return (
    <AccordionSection
      id="car-summary"
      title={title}
      collapseMs={collapseMs}
      initiallyOpen={features.length + equipment.length <= OPEN_UP_TO}
    >
      {features.length > 0 ? (
        <>
          <h3 className="vehicle__list-title">Features</h3>
          <ul className="vehicle__features">
            {features.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        </>
      ) : null}
      {equipment.length > 0 ? (
        <>
          <h3 className="vehicle__list-title">Standard equipment</h3>
          <ul className="vehicle__features">
            {equipment.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </>
      ) : null}
    </AccordionSection>
  );
}
