import type { Certificate } from '@origem/contract/schemas/certificates';
import { decimalPtMessages } from '@origem/contract/validators/decimal-pt';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type ApiCall,
  jsonResponse,
  makeUser,
  renderInApp,
  storeSession,
  stubApiByPath,
} from '../../test-utils';
import { CertificateForm } from './certificate-form';

/**
 * Numbers as Brazilians write them, through the whole certificate form: what is typed pt-BR is what is sent,
 * canonical ('25.920' kg is 25920.000, never 25.92), and ambiguous text is refused next to the field, unsent.
 */

const today = new Date().toISOString().slice(0, 10);

/** A stored draft with one item: the fields the form reads. */
const stored = {
  id: 41,
  exporter_id: 5,
  exporter: { id: 5, name: 'Café Santista Exportadora Ltda.' },
  legal_representative_id: 3,
  legal_representative: { id: 3, name: 'Marina Tavares Lima', cpf: null },
  deal_id: 2,
  deal: { id: 2, abbreviation: 'ACE-18', name: 'Mercosul' },
  language_id: null,
  currency_id: null,
  sector_id: null,
  shipment_port_id: null,
  transport_id: null,
  company_importer_id: 8,
  company_importer: { id: 8, corporate_name: 'Importadora Rioplatense S.A.' },
  company_manufacturer_id: null,
  company_manufacturer: null,
  company_intervenor_id: null,
  company_intervenor: null,
  measurement_unit_gross_weight_id: null,
  measurement_unit_net_weight_id: null,
  measurement_unit_volume_id: null,
  invoice_number: 'FC-1',
  invoice_date: today,
  gross_weight: '1000.500',
  net_weight: null,
  volume: null,
  observations: null,
  has_digital_signature: false,
  commercial_invoice: null,
  intervenor_invoice: null,
  items: [
    {
      id: 1,
      position: 1,
      declaration_id: 9,
      declaration: { id: 9, product_name: 'Café verde', status: 'APROVADO' },
      ncm: '09011110',
      nomenclature_code: null,
      description: 'Café verde em grão',
      ncm_description: null,
      quantity: '1000.000',
      measurement_unit_id: null,
      measurement_unit: null,
      gross_weight: null,
      net_weight: null,
      fob_value_usd: '12240.00',
      origin_criterion: 'ST',
      norm_text: null,
    },
  ],
} as unknown as Certificate;

/** The form's input of a field (FormField ids end in the field's path); role and label queries crawl under jsdom. */
const input = (path: string) =>
  waitFor(() => {
    const found = document.querySelector<HTMLInputElement>(`input[id$="-${path.replace(/\./g, '-')}"]`);
    if (!found) throw new Error(`sem o campo ${path}`);
    return found;
  });
const clickSave = () => {
  const button = screen.getByText('Salvar').closest('button');
  if (!button) throw new Error('sem o botão Salvar');
  fireEvent.click(button);
};

function openForm(): ApiCall[] {
  storeSession(makeUser('exportador', { exporter: { id: 5 } } as never));
  const calls = stubApiByPath({}, () => jsonResponse(200, stored));
  renderInApp(<CertificateForm certificate={stored} />);
  return calls;
}

const saves = (calls: ApiCall[]) => calls.filter((call) => call.method === 'PUT');

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the certificate form’s numbers', () => {
  it('shows the stored decimals pt-BR and sends what was typed pt-BR as canonical decimals', async () => {
    const calls = openForm();
    const gross = await input('gross_weight');
    expect(gross.value).toBe('1.000,500');
    expect((await input('items.0.quantity')).value).toBe('1.000,000');
    const fob = await input('items.0.fob_value_usd');
    expect(fob.value).toBe('12.240,00');
    // The currency beside the value.
    expect(fob.closest('.ant-input-affix-wrapper')?.textContent).toContain('US$');
    expect(fob.getAttribute('inputmode')).toBe('decimal');

    fireEvent.change(gross, { target: { value: '25.920' } });
    fireEvent.blur(gross);
    await waitFor(() => expect(gross.value).toBe('25.920,000'));
    fireEvent.change(fob, { target: { value: '1.234,56' } });
    fireEvent.blur(fob);
    await waitFor(() => expect(fob.value).toBe('1.234,56'));
    fireEvent.change(await input('items.0.net_weight'), { target: { value: '24000' } });

    clickSave();
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    const [save] = saves(calls);
    expect(save?.url).toBe('/v1/certificate/41');
    const body = save?.body as FormData | undefined;
    expect(body?.get('gross_weight')).toBe('25920.000');
    expect(JSON.parse(String(body?.get('items')))).toEqual([
      expect.objectContaining({
        quantity: '1000.000',
        net_weight: '24000.000',
        fob_value_usd: '1234.56',
      }),
    ]);
  }, 90_000);

  it('refuses ambiguous text next to the field, in Portuguese, and sends nothing', async () => {
    const calls = openForm();
    const gross = await input('gross_weight');
    fireEvent.change(gross, { target: { value: '25.92' } });
    fireEvent.blur(gross);
    expect(await screen.findByText(decimalPtMessages.separators)).toBeTruthy();
    // Left as typed, so the refusal reads against what caused it.
    expect(gross.value).toBe('25.92');
    expect(gross.getAttribute('aria-invalid')).toBe('true');

    clickSave();
    await waitFor(() => expect(screen.getAllByText(decimalPtMessages.separators).length).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(saves(calls)).toHaveLength(0);

    // Fixed, the message goes and the save goes through.
    fireEvent.change(gross, { target: { value: '25,92' } });
    await waitFor(() => expect(screen.queryByText(decimalPtMessages.separators)).toBeNull());
    clickSave();
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    const [fixed] = saves(calls);
    expect((fixed?.body as FormData | undefined)?.get('gross_weight')).toBe('25.920');
  }, 90_000);
});
