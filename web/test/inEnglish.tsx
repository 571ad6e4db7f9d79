import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import en from '../src/i18n/en.json';

/** Renders a component with the English catalogue, without the app's router or queries. */
export const inEnglish = (node: ReactNode) =>
  render(
    <IntlProvider locale="en-CA" messages={en}>
      {node}
    </IntlProvider>,
  );
