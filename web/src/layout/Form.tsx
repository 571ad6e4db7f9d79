import { createContext, type FormHTMLAttributes, useContext, useState } from 'react';
import { FormattedMessage } from 'react-intl';

/**
 * A form that validates its required fields itself: the browser's own validation is off
 * (`noValidate`), since it speaks the browser's language, not the page's. On submit, every
 * required field left empty gets spec 000 §5's "The field {field} is required" in the page's
 * language, under the field (Field and PasswordField read it here) or, for inputs of their own, in
 * a list at the end of the form; the first one takes the focus and nothing is submitted.
 */
type Missing = ReadonlyMap<string, string>;
const MissingFields = createContext<Missing>(new Map());

/** The label of a required field left empty at the last submit, or undefined. */
export function useMissingField(inputId: string): string | undefined {
  return useContext(MissingFields).get(inputId);
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** The required, enabled controls of a form left empty (a required checkbox: left unchecked). */
export function missingRequired(form: HTMLFormElement): Control[] {
  return Array.from(form.elements).filter((element): element is Control => {
    if (
      !(
        element instanceof HTMLInputElement ||
        element instanceof HTMLSelectElement ||
        element instanceof HTMLTextAreaElement
      )
    )
      return false;
    if (!element.required || element.disabled) return false;
    if (element instanceof HTMLInputElement && element.type === 'checkbox') return !element.checked;
    return element.value.trim() === '';
  });
}

/** The field's name as its label shows it (without a required marker). */
function labelOf(control: Control): string {
  const label = control.labels?.[0]?.textContent || control.getAttribute('aria-label') || control.name;
  return label.replace(/\s*\*\s*$/, '').trim();
}

export function Form({ onSubmit, children, ...props }: FormHTMLAttributes<HTMLFormElement>) {
  const [missing, setMissing] = useState<Missing>(new Map());
  const submit = (event: Parameters<NonNullable<FormHTMLAttributes<HTMLFormElement>['onSubmit']>>[0]) => {
    const empty = missingRequired(event.currentTarget);
    setMissing(new Map(empty.map((control, index) => [control.id || `#${index}`, labelOf(control)])));
    if (empty.length > 0) {
      event.preventDefault();
      empty[0]?.focus();
      return;
    }
    onSubmit?.(event);
  };
  // Inputs that are not a Field show their message in the list at the end.
  const unlisted = [...missing].filter(([id]) => id.startsWith('#') || !document.getElementById(id)?.closest('.field'));
  return (
    <MissingFields.Provider value={missing}>
      <form noValidate {...props} onSubmit={submit}>
        {children}
        {unlisted.length > 0 ? (
          <ul className="field-error" role="alert">
            {unlisted.map(([id, field]) => (
              <li key={id}>
                <FormattedMessage id="field.required" values={{ field }} />
              </li>
            ))}
          </ul>
        ) : null}
      </form>
    </MissingFields.Provider>
  );
}
