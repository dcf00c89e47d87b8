import { ROLE_STATUS } from '@origem/contract/permissions';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  confirmAction,
  confirmDeletion,
  confirmRowRemoval,
  confirmWithReason,
  confirmWithReasonAndFile,
} from './confirm-dialog';
import { notifySuccess } from './feedback';
import { FeedbackBridge } from './feedback-host';
import { StatusTag } from './status-tag';

describe('dialog helpers', () => {
  beforeEach(() => {
    render(
      <App>
        <FeedbackBridge />
      </App>,
    );
  });

  it('confirmAction resolves true on confirm and false on cancel', async () => {
    const yes = confirmAction({ title: 'Excluir o usuário?', okText: 'Excluir', danger: true });
    const dialog = await screen.findByRole('dialog', { name: 'Excluir o usuário?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    await expect(yes).resolves.toBe(true);

    const no = confirmAction({ title: 'Reprovar a solicitação?' });
    const second = await screen.findByRole('dialog', { name: 'Reprovar a solicitação?' });
    fireEvent.click(within(second).getByRole('button', { name: 'Cancelar' }));
    await expect(no).resolves.toBe(false);
  });

  it('confirmDeletion deletes only once confirmed, then shows the text the deletion answers', async () => {
    const remove = vi.fn(async () => 'Usuário excluído com sucesso!');
    const declined = confirmDeletion({ title: 'Excluir o usuário Ana?' }, remove);
    const first = await screen.findByRole('dialog', { name: 'Excluir o usuário Ana?' });
    fireEvent.click(within(first).getByRole('button', { name: 'Cancelar' }));
    await expect(declined).resolves.toBe(false);
    expect(remove).not.toHaveBeenCalled();

    const accepted = confirmDeletion({ title: 'Excluir o usuário Bruno?' }, remove);
    const second = await screen.findByRole('dialog', { name: 'Excluir o usuário Bruno?' });
    fireEvent.click(within(second).getByRole('button', { name: 'Excluir' }));
    await expect(accepted).resolves.toBe(true);
    expect(remove).toHaveBeenCalledTimes(1);
    // The success is a toast: no dialog to close.
    expect(await screen.findByText('Usuário excluído com sucesso!')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Usuário excluído com sucesso!' })).toBeNull();
  });

  it('confirmWithReason waits for a reason and resolves it', async () => {
    const reason = confirmWithReason({ title: 'Reprovar o certificado?', okText: 'Reprovar', danger: true });
    const dialog = await screen.findByRole('dialog', { name: 'Reprovar o certificado?' });
    const ok = within(dialog).getByRole('button', { name: 'Reprovar' }) as HTMLButtonElement;
    expect(ok.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Motivo'), { target: { value: '  Fatura ilegível  ' } });
    await waitFor(() => expect(ok.disabled).toBe(false));
    fireEvent.click(ok);
    await expect(reason).resolves.toBe('Fatura ilegível');
  });

  it('confirmWithReasonAndFile waits for a reason and an accepted file, and resolves both', async () => {
    const answer = confirmWithReasonAndFile({
      title: 'Substituir o certificado?',
      okText: 'Substituir',
      fileLabel: 'Carta de substituição (PDF)',
      fileProblem: (file) => (file.name.endsWith('.pdf') ? null : 'Envie um arquivo PDF.'),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Substituir o certificado?' });
    const ok = within(dialog).getByRole('button', { name: 'Substituir' }) as HTMLButtonElement;
    // The upload renews its file input after each pick: look it up every time.
    const pick = (file: File) => {
      const picker = dialog.querySelector('input[type=file]');
      if (!picker) throw new Error('sem o campo de arquivo');
      fireEvent.change(picker, { target: { files: [file] } });
    };
    expect(ok.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Motivo'), { target: { value: ' Erro na fatura ' } });
    pick(new File(['x'], 'carta.txt'));
    expect(await within(dialog).findByText('Envie um arquivo PDF.')).toBeTruthy();
    expect(ok.disabled).toBe(true);
    const letter = new File(['%PDF-1.7'], 'carta.pdf', { type: 'application/pdf' });
    pick(letter);
    await waitFor(() => expect(ok.disabled).toBe(false));
    fireEvent.click(ok);
    await expect(answer).resolves.toEqual({ note: 'Erro na fatura', file: letter });
  });

  it('notifySuccess is a toast with the exact text that needs no click (issue 22)', async () => {
    await expect(notifySuccess('Federação editado com sucesso !')).resolves.toBeUndefined();
    const text = await screen.findByText('Federação editado com sucesso !');
    expect(text.closest('.ant-message')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a destructive confirmation opens on its safe button; closing gives the focus back to what opened it', async () => {
    render(<button type="button">Excluir registro</button>);
    const opener = screen.getByRole('button', { name: 'Excluir registro' });
    opener.focus();
    const answer = confirmAction({ title: 'Excluir o registro?', okText: 'Excluir', danger: true });
    const dialog = await screen.findByRole('dialog', { name: 'Excluir o registro?' });
    const cancel = within(dialog).getByRole('button', { name: 'Cancelar' });
    await waitFor(() => expect(document.activeElement).toBe(cancel));
    fireEvent.click(cancel);
    await expect(answer).resolves.toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(opener));

    // A harmless one keeps its confirm button first.
    const plain = confirmAction({ title: 'Clonar o certificado?', okText: 'Clonar' });
    const second = await screen.findByRole('dialog', { name: 'Clonar o certificado?' });
    await waitFor(() =>
      expect(document.activeElement).toBe(within(second).getByRole('button', { name: 'Clonar' })),
    );
    fireEvent.click(within(second).getByRole('button', { name: 'Clonar' }));
    await expect(plain).resolves.toBe(true);
  });
});

describe('confirmRowRemoval (the item tables of certificates and declarations)', () => {
  it('asks to remove the row, opening on Cancelar; only Remover resolves true', async () => {
    render(
      <App>
        <FeedbackBridge />
      </App>,
    );
    const kept = confirmRowRemoval('o item 2', 'Sai do certificado ao salvar.');
    const dialog = await screen.findByRole('dialog', { name: 'Remover o item 2?' });
    expect(within(dialog).getByText('Sai do certificado ao salvar.')).toBeTruthy();
    const cancel = within(dialog).getByRole('button', { name: 'Cancelar' });
    await waitFor(() => expect(document.activeElement).toBe(cancel));
    fireEvent.click(cancel);
    await expect(kept).resolves.toBe(false);

    const removed = confirmRowRemoval('o material 1');
    const second = await screen.findByRole('dialog', { name: 'Remover o material 1?' });
    fireEvent.click(within(second).getByRole('button', { name: 'Remover' }));
    await expect(removed).resolves.toBe(true);
  });
});

describe('StatusTag', () => {
  it('shows the Portuguese label with a colour by status', () => {
    render(
      <>
        <StatusTag status="APROVADO" />
        <StatusTag status="INATIVO" labels={ROLE_STATUS} />
        <StatusTag status="AGUARDANDO_ASSINATURA" />
      </>,
    );
    expect(screen.getByText('Aprovado').className).toContain('ant-tag-success');
    expect(screen.getByText('Inativo')).toBeTruthy();
    const waiting = screen.getByText('Aguardando assinatura');
    expect(waiting.className).toContain('ant-tag-warning');
  });
});
