// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Field, PasswordField } from '../../src/account/Field.tsx';
import en from '../../src/i18n/en.json';
import fr from '../../src/i18n/fr.json';
import { Form } from '../../src/layout/Form.tsx';

afterEach(cleanup);

function renderForm(locale: 'en' | 'fr', onSubmit: () => void) {
  const messages = locale === 'en' ? en : fr;
  return render(
    <IntlProvider locale={locale} messages={messages}>
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <Field label={messages['field.email']} name="email" required defaultValue="" />
        <PasswordField
          label={messages['field.password']}
          value=""
          onChange={() => {}}
          autoComplete="current-password"
        />
        <label>
          <input type="checkbox" required aria-label={messages['field.language']} />
        </label>
        <button type="submit">OK</button>
      </Form>
    </IntlProvider>,
  );
}

describe('forms validate required fields themselves, in the page language', () => {
  it('turns the browser validation off and shows "The field {field} is required" under each empty field', () => {
    const onSubmit = vi.fn();
    const { container } = renderForm('en', onSubmit);
    expect(container.querySelector('form')?.noValidate).toBe(true);
    fireEvent.click(screen.getByText('OK'));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('The field Email is required.')).toBeTruthy();
    expect(screen.getByText('The field Password is required.')).toBeTruthy();
    expect(screen.getByText('The field Language is required.')).toBeTruthy();
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email);
  });

  it('speaks French on a French page', () => {
    renderForm('fr', vi.fn());
    fireEvent.click(screen.getByText('OK'));
    expect(screen.getByText('Le champ Courriel est obligatoire.')).toBeTruthy();
  });

  it('submits once every required field is filled', () => {
    const onSubmit = vi.fn();
    renderForm('en', onSubmit);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@b.ca' } });
    fireEvent.click(screen.getByLabelText('Language'));
    // The password field is controlled and empty: still missing.
    fireEvent.click(screen.getByText('OK'));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.queryByText('The field Email is required.')).toBeNull();
  });
});
