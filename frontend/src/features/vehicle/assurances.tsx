import { EVENT_HISTORY_REPORT, trackEvent } from '../../lib/analytics';
import type { AssuranceView } from '../../types/generated/AssuranceView';
import type { VehicleAssurancesView } from '../../types/generated/VehicleAssurancesView';

function Section({ section, id }: { section: AssuranceView; id: string }) {
  return (
    <section className="vehicle-assurance" aria-labelledby={id}>
      <h2 id={id}>{section.title}</h2>
      <ul>
        {section.points.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ul>
    </section>
  );
}

/** The assurance sections of the vehicle page (seed 001 s2/s9): Toyota Certified
 *  Pre-Owned, Reserve Online, the used-car money back guarantee, Why Buy From Us and
 *  Protect Your Car, each only where it applies. */
export function Assurances({ view }: { view: VehicleAssurancesView }) {
  const sections = [
    ['assurance-certified', view.certified],
    ['assurance-reserve', view.reserve_online],
    ['assurance-why-buy', view.why_buy],
    ['assurance-protect', view.protect],
  ] as const;
  if (!view.money_back && sections.every(([, s]) => !s)) return null;
  return (
    <div className="vehicle-assurances">
      {view.money_back ? <p className="vehicle-assurances__guarantee">{view.money_back}</p> : null}
      {sections.map(([id, section]) =>
        section ? <Section key={id} id={id} section={section} /> : null,
      )}
    </div>
  );
}

/** The car's history report (opens in a new tab; seed 001 s7 event 60). */
export function HistoryReportLink({ url }: { url: string }) {
  return (
    <a
      className="button button--secondary button--small"
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      onClick={() => trackEvent(EVENT_HISTORY_REPORT)}
    >
      History report<span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
