import { downloadFile } from '../../../api/download';

/** GET /v1/classification_list/list/download/{id}: the CSV as uploaded, saved as lista_classificacao.csv. */
export function downloadClassificationList(id: number): Promise<boolean> {
  return downloadFile(`/v1/classification_list/list/download/${id}`, {
    defaultName: 'lista_classificacao.csv',
  });
}
