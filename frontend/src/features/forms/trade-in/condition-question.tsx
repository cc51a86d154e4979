import { errorId, fieldId } from '../form-field';
import type { QuestionChoice } from './trade-in-client';
import { answerKey } from './trade-in-steps';

interface Props {
  formId: string;
  question: QuestionChoice;
  value: string;
  error: string | undefined;
  onChange: (id: string, value: string) => void;
}

/** One condition question as a radio group: the question is the legend, the error is
 *  linked by aria-describedby, arrow keys move between the answers. */
export function ConditionQuestion({ formId, question, value, error, onChange }: Props) {
  const key = answerKey(question.id);
  const id = fieldId(formId, key);
  return (
    <fieldset
      className="trade-in__question"
      role="radiogroup"
      id={id}
      aria-required="true"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId(formId, key) : undefined}
    >
      <legend className="form-field__label">
        {question.question}
        <span aria-hidden="true"> *</span>
      </legend>
      <div className="trade-in__answers">
        {question.answers.map((answer) => (
          <label key={answer.value} className="trade-in__answer">
            <input
              type="radio"
              name={id}
              value={answer.value}
              checked={value === answer.value}
              onChange={() => onChange(question.id, answer.value)}
            />
            <span>{answer.label}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p className="form-field__error" id={errorId(formId, key)}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
