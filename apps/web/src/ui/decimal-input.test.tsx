import { fireEvent, render } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DecimalInput } from './decimal-input';

/** A DecimalInput holding its text in state, as a form would; `seen` records every text handed to onChange. */
function Harness({ places, start = '', seen }: { places: number; start?: string; seen: string[] }) {
  const [text, setText] = useState(start);
  return (
    <DecimalInput
      aria-label="Peso"
      places={places}
      unit="kg"
      value={text}
      onChange={(next) => {
        seen.push(next);
        setText(next);
      }}
    />
  );
}

const field = (container: HTMLElement) => {
  const input = container.querySelector('input');
  if (!input) throw new Error('sem o campo');
  return input;
};

describe('DecimalInput', () => {
  it('lets the user type freely and tidies the text to the field’s decimals on leaving', () => {
    const seen: string[] = [];
    const { container } = render(<Harness places={3} seen={seen} />);
    const input = field(container);
    expect(input.getAttribute('inputmode')).toBe('decimal');
    expect(input.getAttribute('placeholder')).toBe('0,000');
    fireEvent.change(input, { target: { value: '25920' } });
    expect(input.value).toBe('25920');
    fireEvent.blur(input);
    expect(input.value).toBe('25.920,000');
    fireEvent.change(input, { target: { value: '1,5' } });
    fireEvent.blur(input);
    expect(input.value).toBe('1,500');
    expect(seen).toEqual(['25920', '25.920,000', '1,5', '1,500']);
  });

  it('leaves ambiguous or malformed text as typed, for the form to refuse next to it', () => {
    const seen: string[] = [];
    const { container } = render(<Harness places={3} seen={seen} />);
    const input = field(container);
    for (const text of ['25.92', '1,234.56', '12kg']) {
      fireEvent.change(input, { target: { value: text } });
      fireEvent.blur(input);
      expect(input.value).toBe(text);
    }
    // Blank stays blank; nothing is invented.
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.blur(input);
    expect(input.value).toBe('');
    expect(seen).toEqual(['25.92', '1,234.56', '12kg', '']);
  });

  it('shows the unit or the currency beside the number', () => {
    const { container } = render(<Harness places={3} start="1.000,000" seen={[]} />);
    expect(container.textContent).toContain('kg');
    const money = render(<DecimalInput aria-label="Valor" places={2} currency="US$" value="1.234,56" />);
    expect(money.container.textContent).toContain('US$');
    expect(field(money.container).value).toBe('1.234,56');
    expect(field(money.container).getAttribute('placeholder')).toBe('0,00');
  });
});
