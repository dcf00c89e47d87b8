import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AfterFirstPaint } from './after-first-paint';

describe('AfterFirstPaint', () => {
  it('holds the place of its part on the first render, then shows the part', async () => {
    render(
      <AfterFirstPaint minHeight={240} label="Itens: carregando">
        <p>Itens do certificado</p>
      </AfterFirstPaint>,
    );
    const placeholder = screen.getByRole('status', { name: 'Itens: carregando' });
    expect(placeholder.style.minHeight).toBe('240px');
    expect(screen.queryByText('Itens do certificado')).toBeNull();
    expect(await screen.findByText('Itens do certificado')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows the part at once when told to', () => {
    render(
      <AfterFirstPaint minHeight={240} label="Itens: carregando" immediate>
        <p>Itens do certificado</p>
      </AfterFirstPaint>,
    );
    expect(screen.getByText('Itens do certificado')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
