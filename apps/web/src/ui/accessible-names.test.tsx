import { render, waitFor } from '@testing-library/react';
import { App, ConfigProvider, Input, InputNumber, Modal, Pagination, Select, Table } from 'antd';
import ptBR from 'antd/locale/pt_BR';
import { afterEach, describe, expect, it } from 'vitest';
import { keepAccessibleNamesPortuguese } from './accessible-names';

/** English words antd and its icons put in accessible names when left alone. */
const ENGLISH =
  /^(close|search|left|right|down|up|double-left|double-right|ellipsis|close-circle|eye|eye-invisible|Clear|Close|Increase Value|Decrease Value)$/;

function names(root: ParentNode): string[] {
  return [...root.querySelectorAll('[aria-label], [title]')].flatMap((element) =>
    ['aria-label', 'title'].map((a) => element.getAttribute(a)).filter((v): v is string => Boolean(v)),
  );
}

let stop: (() => void) | undefined;
afterEach(() => stop?.());

describe('keepAccessibleNamesPortuguese (issue 9, item 11)', () => {
  it('rewrites the English names antd renders, also those added later', async () => {
    stop = keepAccessibleNamesPortuguese(document.body);
    const { rerender } = render(
      <ConfigProvider locale={ptBR}>
        <App>
          <InputNumber aria-label="Quantidade" />
          <Select allowClear aria-label="Perfil" value="a" options={[{ value: 'a', label: 'A' }]} />
          <Input.Password aria-label="Senha" />
          <Pagination total={200} current={5} />
        </App>
      </ConfigProvider>,
    );
    await waitFor(() => expect(names(document.body).filter((n) => ENGLISH.test(n))).toEqual([]));
    expect(names(document.body)).toEqual(expect.arrayContaining(['Aumentar valor', 'Diminuir valor']));

    rerender(
      <ConfigProvider locale={ptBR}>
        <Modal open title="Diálogo">
          conteúdo
        </Modal>
      </ConfigProvider>,
    );
    await waitFor(() => expect(document.querySelector('.ant-modal')).toBeTruthy());
    await waitFor(() => expect(names(document.body).filter((n) => ENGLISH.test(n))).toEqual([]));
    expect(document.querySelector('.ant-modal-close')?.getAttribute('aria-label')).toBe('Fechar');
  });

  it('leaves decorative icons without a name', async () => {
    stop = keepAccessibleNamesPortuguese(document.body);
    render(
      <button type="button" aria-label="Editar">
        <span role="img" aria-label="edit" aria-hidden="true" className="anticon anticon-edit" />
      </button>,
    );
    await waitFor(() =>
      expect(document.querySelector('.anticon-edit')?.hasAttribute('aria-label')).toBe(false),
    );
  });

  it('makes a scrolling table a named region the keyboard reaches (axe: scrollable-region-focusable)', async () => {
    stop = keepAccessibleNamesPortuguese(document.body);
    render(
      <Table
        aria-label="Itens do certificado"
        rowKey="id"
        scroll={{ x: 900 }}
        columns={[{ title: 'Mercadoria', dataIndex: 'name', key: 'name' }]}
        dataSource={[{ id: 1, name: 'Café' }]}
        pagination={false}
      />,
    );
    await waitFor(() =>
      expect(document.querySelector('.ant-table-content')?.getAttribute('tabindex')).toBe('0'),
    );
    const box = document.querySelector('.ant-table-content');
    expect(box?.getAttribute('role')).toBe('region');
    expect(box?.getAttribute('aria-label')).toBe('Itens do certificado (role para ver todas as colunas)');
  });
});
