import type { QuestionChoice, Valuation } from './trade-in-client';
import { formatDollars, formatKms, vehicleName } from './trade-in-steps';

interface Props {
  valuation: Valuation & { offer_price: number };
  questions: QuestionChoice[];
}

/** How sure an estimate from `comparables` cars is, in a word: the API's confidence
 *  (1 - 1/sqrt(n)) is 0.55 from 5 cars, 0.71 from 12 and 0.8 from 25. */
export function confidenceWord(confidence: number): string {
  if (confidence >= 0.8) return 'high';
  if (confidence >= 0.65) return 'good';
  return 'fair';
}

/** What the offer is based on, in words: how many comparable cars for sale, and how sure
 *  it is; null where the offer came from a valuation provider that does not say. */
export function offerBasis(valuation: Valuation): string | null {
  const n = valuation.comparables;
  if (n == null || n <= 0) return null;
  const cars = n === 1 ? '1 comparable car' : `${n} comparable cars`;
  const car = `${valuation.vehicle.make} ${valuation.vehicle.model}`.trim();
  const confidence =
    valuation.confidence == null
      ? ''
      : ` Our confidence in this estimate is ${confidenceWord(valuation.confidence)}: the more similar cars we can compare, the firmer it is.`;
  return `Based on ${cars} for sale (${car}, similar year and kilometres).${confidence}`;
}

/** The offer: the price, the range's top, the car, what it is based on, and what each
 *  answer took off. */
export function OfferSummary({ valuation, questions }: Props) {
  const top = valuation.range_max ?? valuation.offer_price;
  const basis = offerBasis(valuation);
  const taken = valuation.adjustments.filter((a) => (a.amount ?? 0) > 0);
  const answerLabel = (id: string, value: string) => {
    const question = questions.find((q) => q.id === id);
    return {
      question: question?.question ?? id,
      answer: question?.answers.find((a) => a.value === value)?.label ?? value,
    };
  };
  const rego = valuation.rego
    ? `, rego ${valuation.rego}${valuation.regoState ? ` (${valuation.regoState})` : ''}`
    : '';
  return (
    <div className="trade-in__offer">
      <p className="trade-in__offer-car">
        Our offer for your {vehicleName(valuation.vehicle)} with {formatKms(valuation.kms)} kms
        {rego}
      </p>
      <p className="trade-in__offer-price">{formatDollars(valuation.offer_price)}</p>
      {top > valuation.offer_price ? (
        <p>Up to {formatDollars(top)} once we have inspected your car.</p>
      ) : null}
      {basis ? <p className="trade-in__basis">{basis}</p> : null}
      {taken.length > 0 ? (
        <>
          <p className="trade-in__offer-heading">What your answers changed</p>
          <ul className="trade-in__deductions">
            {taken.map((a) => {
              const { question, answer } = answerLabel(a.id, a.answer);
              return (
                <li key={a.id}>
                  {question} {answer}: −{formatDollars(a.amount ?? 0)}
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
      <p className="trade-in__note">
        The offer stands once we have seen that the car matches your answers.
      </p>
    </div>
  );
}
