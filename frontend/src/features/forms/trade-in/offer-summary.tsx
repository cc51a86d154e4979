import type { QuestionChoice, Valuation } from './trade-in-client';
import { formatDollars, formatKms, vehicleName } from './trade-in-steps';

interface Props {
  valuation: Valuation & { offer_price: number };
  questions: QuestionChoice[];
}

/** The offer: the price, the range's top, the car, and what each answer took off. */
export function OfferSummary({ valuation, questions }: Props) {
  const top = valuation.range_max ?? valuation.offer_price;
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
