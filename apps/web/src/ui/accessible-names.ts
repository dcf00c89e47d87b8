/**
 * Portuguese accessible names for what antd and its icons render in English whatever the locale: every icon is a
 * `<span role="img" aria-label="close">` (its file name), the number input's steppers are "Increase Value" /
 * "Decrease Value", the select's clear button is "Clear". The pt_BR locale (app/providers.tsx) covers antd's own
 * texts; these few are hard-coded in the libraries, so they are rewritten here, once, as they reach the page.
 */

/** antd icon names → what the icon means on its own (used when it is the only content of a control). */
export const ICON_NAMES: Readonly<Record<string, string>> = {
  close: 'Fechar',
  'close-circle': 'Limpar',
  search: 'Pesquisar',
  left: 'Anterior',
  right: 'Próximo',
  'double-left': 'Páginas anteriores',
  'double-right': 'Próximas páginas',
  down: 'Abrir opções',
  up: 'Recolher',
  ellipsis: 'Mais',
  calendar: 'Calendário',
  'clock-circle': 'Horário',
  'swap-right': 'até',
  eye: 'Ocultar o que foi digitado',
  'eye-invisible': 'Mostrar o que foi digitado',
  check: 'Selecionado',
  loading: 'Carregando',
  'caret-up': 'Ordem crescente',
  'caret-down': 'Ordem decrescente',
  filter: 'Filtrar',
  'vertical-align-top': 'Voltar ao topo',
  'check-circle': 'Sucesso',
  'info-circle': 'Informação',
  'exclamation-circle': 'Atenção',
  'question-circle': 'Ajuda',
  plus: 'Adicionar',
  minus: 'Remover',
  delete: 'Excluir',
  upload: 'Enviar arquivo',
  'paper-clip': 'Anexo',
  inbox: 'Vazio',
};

/** English names antd's components give their own controls. */
export const CONTROL_NAMES: Readonly<Record<string, string>> = {
  Clear: 'Limpar',
  'Increase Value': 'Aumentar valor',
  'Decrease Value': 'Diminuir valor',
  Close: 'Fechar',
  'Clear color': 'Limpar cor',
  'Toggle start panel': 'Recolher o painel inicial',
  'Toggle end panel': 'Recolher o painel final',
};

const NAMED = ['aria-label', 'title'] as const;

function fixIcon(icon: Element): void {
  // Inside a control that is hidden from assistive technology, or an icon marked decorative: no name at all.
  if (icon.getAttribute('aria-hidden') === 'true') {
    icon.removeAttribute('aria-label');
    return;
  }
  const name = icon.getAttribute('aria-label');
  if (!name) return;
  const portuguese = ICON_NAMES[name];
  if (portuguese) icon.setAttribute('aria-label', portuguese);
  else if (/^[a-z0-9-]+$/.test(name)) {
    // An icon antd names by its file and no control relies on: decorative.
    icon.removeAttribute('aria-label');
    icon.setAttribute('aria-hidden', 'true');
  }
}

function fixControl(element: Element): void {
  for (const attribute of NAMED) {
    const value = element.getAttribute(attribute);
    const portuguese = value ? CONTROL_NAMES[value] : undefined;
    if (portuguese) element.setAttribute(attribute, portuguese);
  }
}

/** antd's scrolling box of a table: under a fixed header it is the body, otherwise the content. */
const TABLE_SCROLL = '.ant-table-content, .ant-table-body';

/**
 * A table's scrolling box made a named, focusable region, so a keyboard user reaches the columns scrolled out of
 * sight with the arrow keys (WCAG 2.1.1; axe's scrollable-region-focusable). Named after the table.
 */
function fixTableScroll(box: Element): void {
  if (box.hasAttribute('tabindex')) return;
  const named = box.closest('.ant-table-wrapper')?.querySelector('table[aria-label]');
  const label = named?.getAttribute('aria-label') ?? box.closest('[aria-label]')?.getAttribute('aria-label');
  box.setAttribute('tabindex', '0');
  box.setAttribute('role', 'region');
  box.setAttribute('aria-label', label ? `${label} (role para ver todas as colunas)` : 'Tabela');
}

/** Rewrites the English names found in `root` and below, and names the tables' scrolling boxes. */
export function translateAccessibleNames(root: ParentNode): void {
  if (root instanceof Element) {
    if (root.matches('.anticon[role="img"]')) fixIcon(root);
    if (root.matches(TABLE_SCROLL)) fixTableScroll(root);
    fixControl(root);
  }
  for (const box of root.querySelectorAll(TABLE_SCROLL)) fixTableScroll(box);
  for (const icon of root.querySelectorAll('.anticon[role="img"]')) fixIcon(icon);
  for (const element of root.querySelectorAll('[aria-label], [title]')) fixControl(element);
}

/**
 * Keeps `root` (the document body) free of those English names as React renders: a MutationObserver rewrites each
 * added element and each changed name. Returns the function that stops it.
 */
export function keepAccessibleNamesPortuguese(root: HTMLElement = document.body): () => void {
  translateAccessibleNames(root);
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'childList') {
        for (const node of record.addedNodes) if (node instanceof Element) translateAccessibleNames(node);
      } else if (record.target instanceof Element) {
        const target = record.target;
        if (target.matches('.anticon[role="img"]')) fixIcon(target);
        else fixControl(target);
      }
    }
  });
  observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: [...NAMED] });
  return () => observer.disconnect();
}
